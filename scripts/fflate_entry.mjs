// Entry point esbuild bundles into static/vendor/fflate.mjs: only the synchronous zip writer the
// page's "Download all" needs (app/shell/archive.js), so the bundle stays a few KB.
export { zipSync, strToU8 } from 'fflate';
