// The engine worker: a module Web Worker that runs the Python engine (host.js boots it and
// speaks the protocol of protocol.js). The page's bridge (bridge.js) starts it.
//
// The handler is set before any message can arrive (a module worker delivers messages only
// after its top-level code has run); what comes during the boot waits in the host's inbox.
import { EngineHost } from './host.js';

const host = new EngineHost(self);
self.onmessage = ({ data }) => host.receive(data);
