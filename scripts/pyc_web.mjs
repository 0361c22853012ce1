// Add compiled bytecode to wheels for the page (run by scripts/vendor_web.py):
//   node scripts/pyc_web.mjs WHEEL...
// Each wheel is rewritten in place with a __pycache__/NAME.cpython-3XX.pyc beside every module,
// compiled by the very Pyodide the page runs (node_modules/pyodide), as unchecked-hash .pyc files
// (PEP 552): Python then imports them without compiling the sources at every start of the page,
// and without comparing timestamps, which unpacking a wheel does not keep. The sources stay in
// the wheel for tracebacks. A wheel that already holds .pyc files is left alone.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { loadPyodide } from '../node_modules/pyodide/pyodide.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const wheels = process.argv.slice(2);
if (!wheels.length) {
  console.error('usage: node scripts/pyc_web.mjs WHEEL...');
  process.exit(2);
}
const pyodide = await loadPyodide({ indexURL: join(root, 'node_modules', 'pyodide') + '/' });
pyodide.runPython(`
import importlib.util, io, sys, zipfile

def add_bytecode(data):
    src = zipfile.ZipFile(io.BytesIO(data.to_py() if hasattr(data, "to_py") else data))
    if any(n.endswith(".pyc") for n in src.namelist()):
        return None
    out = io.BytesIO()
    tag = sys.implementation.cache_tag
    with zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            dst.writestr(info, src.read(info))
        for info in src.infolist():
            name = info.filename
            if not name.endswith(".py"):
                continue
            source = src.read(info)
            code = compile(source, name, "exec", dont_inherit=True, optimize=0)
            pyc = importlib._bootstrap_external._code_to_hash_pyc(
                code, importlib.util.source_hash(source), checked=False)
            folder, _, base = name.rpartition("/")
            target = (folder + "/" if folder else "") + "__pycache__/" + base[:-3] + "." + tag + ".pyc"
            entry = zipfile.ZipInfo(target, date_time=info.date_time)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = info.external_attr
            dst.writestr(entry, bytes(pyc))
    return out.getvalue()
`);
const addBytecode = pyodide.globals.get('add_bytecode');
for (const path of wheels) {
  const result = addBytecode(new Uint8Array(readFileSync(path)));
  if (result === undefined || result === null) continue;
  const bytes = result.toJs();
  result.destroy();
  writeFileSync(path, bytes);
  console.log(`vendor: ${path.split("/").pop()}: bytecode added (Pyodide ${pyodide.version})`);
}
addBytecode.destroy();
