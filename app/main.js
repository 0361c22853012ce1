// The page's entry module: the shell (app/shell/) on the engine (app/engine/). The browser
// tests load another entry (tests/e2e/hooks/main.js) that gives the same shell an engine with
// fault injection; this one has none.
import { EngineBridge } from './engine/bridge.js';
import { startApp } from './shell/app.js';

startApp(new EngineBridge());
