#!/usr/bin/env python3
"""Vendor everything the browser page loads into static/ (git-ignored), pinned and checked.

Run by ``./dev`` after ``npm ci``; each step is skipped when its output is already current, so a
second run takes well under a second (the engine wheel is rebuilt only when its sources change).

- static/vendor/pyodide/: the Pyodide runtime files, copied from node_modules/pyodide (npm ci has
  checked them against the sha512 integrity hashes in package-lock.json).
- static/vendor/noble-ciphers.mjs: @noble/ciphers' AES bundled by esbuild into one ES module.
- static/vendor/fflate.mjs: fflate's zip writer (the page's "Download all"), bundled the same way.
- static/vendor/markdown-it.mjs: markdown-it's own self-contained browser ES module build, and
  static/vendor/markdown-it-footnote.mjs: its footnote plugin's ES module (no imports), for the
  preview's footnotes.
- static/wheels/: the wheels of requirements-web.txt (pip checks their sha256; the downloads are
  kept in build/web-wheels/), the engine's own wheel, and manifest.json listing them with SRI
  hashes, which the worker passes to fetch(). pdfminer.six's wheel goes in without its CJK CMap
  files (6.4 of its 6.6 MB): they are copied to static/vendor/cmaps/, listed in the manifest with
  their sha256, and the worker fetches one only when a document needs it (pdfprose.pdf.cmaps).
  Every wheel gets compiled bytecode (scripts/pyc_web.mjs, with the page's own Pyodide), so the
  page's start does not compile pdfminer.six and the engine each time.
  Every zip the page loads (the wheels, Pyodide's standard library) is stored uncompressed:
  the server's brotli then compresses it as one text (1.6 MB for the standard library instead
  of 2.5 MB of per-file deflate), and the interpreter reads it without inflating.
- static/vendor/limits.mjs: the page's limits (file size, page count), read from the engine's
  own definition in py/pdfprose/options.py, so the page and the engine cannot disagree.
- static/vendor/precache.js: what the service worker (sw.js) keeps for offline use, every file
  with the SHA-256 of its content (checked by the service worker before it keeps a file), so
  that a new set-up makes browsers fetch only what changed.
- FILE.br and FILE.gz beside every compressible file of static/vendor/ and static/wheels/
  (scripts/precompress.mjs): scripts/static_server.py sends them to browsers that accept them,
  so that a first visit transfers 5.5 MB (the server sent 24.5 MB uncompressed before).
"""

from __future__ import annotations

import ast
import base64
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NODE_PYODIDE = ROOT / "node_modules" / "pyodide"
VENDOR = ROOT / "static" / "vendor"
WHEELS = ROOT / "static" / "wheels"
DOWNLOADS = ROOT / "build" / "web-wheels"  # the wheels as pip checked them (build/ is git-ignored)
CMAPS = VENDOR / "cmaps"
CMAP_DIR_IN_WHEEL = "pdfminer/cmap/"
MANIFEST = WHEELS / "manifest.json"
REQUIREMENTS = ROOT / "requirements-web.txt"
NOBLE_ENTRY = ROOT / "scripts" / "noble_entry.mjs"
NOBLE_OUT = VENDOR / "noble-ciphers.mjs"
FFLATE_ENTRY = ROOT / "scripts" / "fflate_entry.mjs"
FFLATE_OUT = VENDOR / "fflate.mjs"
NODE_MARKDOWN_IT = ROOT / "node_modules" / "markdown-it"
MARKDOWN_IT_BUILD = "dist/browser/markdown-it.esm.min.mjs"  # no imports: one file
MARKDOWN_IT_OUT = VENDOR / "markdown-it.mjs"
MARKDOWN_IT_VERSION = "15.0.3"
NODE_FOOTNOTE = ROOT / "node_modules" / "markdown-it-footnote"
FOOTNOTE_BUILD = "index.mjs"  # no imports: one file
FOOTNOTE_OUT = VENDOR / "markdown-it-footnote.mjs"
FOOTNOTE_VERSION = "4.0.0"
PRECACHE_OUT = VENDOR / "precache.js"
LIMITS_OUT = VENDOR / "limits.mjs"
OPTIONS_SOURCE = ROOT / "py" / "pdfprose" / "options.py"
LIMIT_NAMES = ("MAX_FILE_BYTES", "MAX_PAGES")
# What scripts/precompress.mjs compresses: the set-up's text and binary files, not what is
# compressed already (the CMaps are gzip files the engine reads as such) nor what is too small
# to gain (a header costs more than 1 kB saves).
COMPRESSIBLE = (".mjs", ".js", ".wasm", ".json", ".zip", ".whl")
COMPRESS_MIN_BYTES = 1024
PRECOMPRESS_STAMP = ROOT / "build" / "precompressed.json"  # build/ is git-ignored
PRECOMPRESS_SCRIPT = ROOT / "scripts" / "precompress.mjs"
# The page itself (index.html is fetched as the scope's root, "./").
SHELL_GLOBS = ("app/**/*.js", "app/py/**/*.py", "static/*.css", "static/*.svg")
ENGINE_NAME = "pdfprose"

PYODIDE_VERSION = "314.0.7"
STDLIB_ZIP = "python_stdlib.zip"
WHEEL_FORMAT = 2  # bumped when what the set-up makes of the dependency wheels changes (2: stored)
STDLIB_FORMAT = 1  # bumped when what store_uncompressed() makes of the standard library changes
# What loadPyodide() fetches in a module worker; the rest of the npm package (node glue, the
# classic-script loader, source maps, consoles, typings) is never requested by the page.
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)


def log(message: str) -> None:
    print(f"vendor: {message}", flush=True)


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for chunk in iter(lambda: handle.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def sri(hex_digest: str) -> str:
    """The Subresource Integrity form (``sha256-<base64>``) that fetch({integrity}) checks."""
    return "sha256-" + base64.b64encode(bytes.fromhex(hex_digest)).decode("ascii")


def vendor_pyodide() -> None:
    meta = json.loads((NODE_PYODIDE / "package.json").read_text(encoding="utf-8"))
    if meta.get("version") != PYODIDE_VERSION:
        sys.exit(f"vendor: node_modules has pyodide {meta.get('version')}, want {PYODIDE_VERSION}")
    target = VENDOR / "pyodide"
    target.mkdir(parents=True, exist_ok=True)
    # What each file was made from (its source's size and mtime): the standard library is
    # rewritten, not copied, so its own size and mtime cannot say so.
    stamp_file = target / ".sources.json"
    stamps = json.loads(stamp_file.read_text(encoding="utf-8")) if stamp_file.exists() else {}
    copied = 0
    for name in PYODIDE_FILES:
        source, dest = NODE_PYODIDE / name, target / name
        src_stat = source.stat()
        stamp = [src_stat.st_size, int(src_stat.st_mtime), STDLIB_FORMAT if name == STDLIB_ZIP else 0]
        if dest.exists() and stamps.get(name) == stamp:
            continue
        if name == STDLIB_ZIP:
            store_uncompressed(source, dest)
        else:
            shutil.copy2(source, dest)
        stamps[name] = stamp
        copied += 1
    stamp_file.write_text(json.dumps(stamps, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    kept = set(PYODIDE_FILES) | {f"{n}.{v}" for n in PYODIDE_FILES for v in ("br", "gz")} | {stamp_file.name}
    for stray in set(p.name for p in target.iterdir()) - kept:
        (target / stray).unlink()
    if copied:
        log(f"copied {copied} Pyodide {PYODIDE_VERSION} file(s) to {target.relative_to(ROOT)}")


def store_uncompressed(source: Path, dest: Path) -> None:
    """Write the zip ``source`` to ``dest`` with every entry stored, not deflated (same names,
    dates and attributes, so the same input gives the same bytes). Per-file deflate leaves
    brotli nothing to find; stored, the server's brotli compresses the whole archive as one
    text: Pyodide's standard library 1.6 MB instead of 2.5, the three wheels 0.72 MB instead of
    1.05 (measured with scripts/precompress.mjs). The interpreter reads the files directly."""
    tmp = dest.with_name(dest.name + ".tmp")
    with zipfile.ZipFile(source) as zin, zipfile.ZipFile(tmp, "w", zipfile.ZIP_STORED) as zout:
        for info in zin.infolist():
            data = zin.read(info)
            info.compress_type = zipfile.ZIP_STORED
            zout.writestr(info, data)
    tmp.replace(dest)


def bundle(entry: Path, out: Path, what: str) -> None:
    """``entry`` and what it imports from node_modules bundled by esbuild into the one ES module
    ``out``; done again only when the lock file (the versions) or the entry changed."""
    lock = ROOT / "package-lock.json"
    stamp = hashlib.sha256(lock.read_bytes() + entry.read_bytes()).hexdigest()
    stamp_file = VENDOR / f".{out.stem}.stamp"
    if out.exists() and stamp_file.exists() and stamp_file.read_text() == stamp:
        return
    esbuild = ROOT / "node_modules" / ".bin" / "esbuild"
    subprocess.run(
        [str(esbuild), str(entry), "--bundle", "--format=esm", "--minify",
         "--target=es2022", "--log-level=warning", f"--outfile={out}"],
        check=True,
        cwd=ROOT,
    )
    stamp_file.write_text(stamp)
    log(f"bundled {what} into {out.relative_to(ROOT)}")


def copy_module(package: Path, build: str, out: Path, version: str) -> None:
    """Copy `build`, an ES module of npm package `package` (checked by npm ci against
    package-lock.json's integrity hash) that imports nothing, to `out` under a header."""
    name = package.name
    meta = json.loads((package / "package.json").read_text(encoding="utf-8"))
    if meta.get("version") != version:
        sys.exit(f"vendor: node_modules has {name} {meta.get('version')}, want {version}")
    source = (package / build).read_text(encoding="utf-8")
    # The source map is not shipped, so the comment pointing at it goes too.
    text = re.sub(r"\n//# sourceMappingURL=\S+\s*$", "\n", source)
    header = f"// {name} {version} (MIT), copied by scripts/vendor_web.py from {build}\n"
    text = header + text
    if not out.exists() or out.read_text(encoding="utf-8") != text:
        out.write_text(text, encoding="utf-8")
        log(f"copied {name} {version} to {out.relative_to(ROOT)}")


def vendor_markdown_it() -> None:
    copy_module(NODE_MARKDOWN_IT, MARKDOWN_IT_BUILD, MARKDOWN_IT_OUT, MARKDOWN_IT_VERSION)
    copy_module(NODE_FOOTNOTE, FOOTNOTE_BUILD, FOOTNOTE_OUT, FOOTNOTE_VERSION)


def required_hashes() -> set[str]:
    """Every ``--hash=sha256:`` in requirements-web.txt (pip enforces the pairing with names)."""
    return set(re.findall(r"--hash=sha256:([0-9a-f]{64})", REQUIREMENTS.read_text(encoding="utf-8")))


def pyodide_python_version() -> str:
    """'3.14' for Pyodide 314: read from the lock file so a Pyodide bump cannot go unnoticed."""
    lock = json.loads((NODE_PYODIDE / "pyodide-lock.json").read_text(encoding="utf-8"))
    major, minor = lock["info"]["python"].split(".")[:2]
    return f"{major}.{minor}"


def vendor_dependency_wheels() -> None:
    DOWNLOADS.mkdir(parents=True, exist_ok=True)
    wanted = required_hashes()
    for wheel in WHEELS.glob("*.whl"):  # wheels vendored before downloads were kept apart
        if not (DOWNLOADS / wheel.name).exists() and sha256_file(wheel) in wanted:
            shutil.copy2(wheel, DOWNLOADS / wheel.name)
    present = {sha256_file(p): p for p in DOWNLOADS.glob("*.whl")}
    for digest, path in present.items():
        if digest not in wanted:  # an old pin: leaving it would make the worker load two versions
            path.unlink()
    if wanted <= present.keys():
        install_dependency_wheels()
        return
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
             "--require-hashes", "--no-deps", "--only-binary=:all:",
             "--python-version", pyodide_python_version(), "--implementation", "py",
             "--abi", "none", "--platform", "any",
             "-r", str(REQUIREMENTS), "-d", tmp],
            check=True,
        )
        for wheel in Path(tmp).glob("*.whl"):
            shutil.move(str(wheel), DOWNLOADS / wheel.name)
            log(f"downloaded {wheel.name}")
    install_dependency_wheels()


def install_dependency_wheels() -> None:
    """Put the downloaded wheels into static/wheels/, pdfminer.six's without its CMap files
    (see :func:`split_cmaps`); a wheel already there from the same download is left alone."""
    WHEELS.mkdir(parents=True, exist_ok=True)
    stamp_file = WHEELS / ".dependencies.stamp"
    downloads = sorted(DOWNLOADS.glob("*.whl"))
    listing = "".join(f"{p.name}:{sha256_file(p)}\n" for p in downloads) + f"format:{WHEEL_FORMAT}\n"
    stamp = hashlib.sha256(listing.encode()).hexdigest()
    installed = {p.name for p in WHEELS.glob("*.whl") if not p.name.startswith(f"{ENGINE_NAME}-")}
    if stamp_file.exists() and stamp_file.read_text() == stamp and installed == {p.name for p in downloads} \
            and (CMAPS / "index.json").exists():
        return
    for name in installed - {p.name for p in downloads}:
        (WHEELS / name).unlink()
    for wheel in downloads:
        if wheel.name.startswith("pdfminer_six-"):
            split_cmaps(wheel, WHEELS / wheel.name)
        else:
            shutil.copy2(wheel, WHEELS / wheel.name)
    add_bytecode([WHEELS / wheel.name for wheel in downloads])
    stamp_file.write_text(stamp)


def add_bytecode(wheels: list[Path]) -> None:
    """Compile every module of ``wheels`` to .pyc with the page's own Pyodide
    (scripts/pyc_web.mjs, run by Node): the worker then imports pdfminer.six and the engine
    without compiling their sources at each start of the page. Then each wheel is stored
    uncompressed (:func:`store_uncompressed`), for the server's brotli."""
    subprocess.run(["node", str(ROOT / "scripts" / "pyc_web.mjs"), *map(str, wheels)],
                   check=True, cwd=ROOT)
    for wheel in wheels:
        store_uncompressed(wheel, wheel)


def split_cmaps(source: Path, dest: Path) -> None:
    """Write ``source`` (pdfminer.six's wheel) to ``dest`` without ``pdfminer/cmap/*.json.gz``
    (and without their RECORD lines), and those files to static/vendor/cmaps/ with an
    index.json of their sizes and sha256. Deterministic: the same wheel gives the same bytes."""
    if CMAPS.exists():
        shutil.rmtree(CMAPS)
    CMAPS.mkdir(parents=True)
    index: dict[str, dict[str, object]] = {}
    with zipfile.ZipFile(source) as zin, zipfile.ZipFile(dest, "w") as zout:
        for info in zin.infolist():
            data = zin.read(info)
            if info.filename.startswith(CMAP_DIR_IN_WHEEL) and info.filename.endswith(".json.gz"):
                name = info.filename[len(CMAP_DIR_IN_WHEEL):-len(".json.gz")]
                (CMAPS / f"{name}.json.gz").write_bytes(data)
                index[name] = {"size": len(data), "sha256": hashlib.sha256(data).hexdigest()}
                continue
            if info.filename.endswith(".dist-info/RECORD"):
                lines = data.decode("utf-8").splitlines(keepends=True)
                data = "".join(l for l in lines if not (
                    l.startswith(CMAP_DIR_IN_WHEEL) and ".json.gz," in l)).encode("utf-8")
            zout.writestr(info, data)
    (CMAPS / "index.json").write_text(json.dumps(index, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    saved = sum(int(v["size"]) for v in index.values())  # type: ignore[call-overload]
    log(f"{dest.name}: {len(index)} CMap files ({saved / 1e6:.1f} MB) moved to "
        f"{CMAPS.relative_to(ROOT)}, fetched by the page only when a document needs one")


def engine_code() -> list[Path]:
    """What the engine wheel's behaviour is made of: pyproject.toml and the files under py/
    (not the caches and egg-info an editable install leaves there)."""
    return [ROOT / "pyproject.toml"] + sorted(
        p for p in (ROOT / "py").rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and ".egg-info" not in str(p)
    )


def engine_sources() -> list[Path]:
    """What the wheel is built from: :func:`engine_code` and the README that pyproject.toml
    names as the package's description."""
    files = engine_code()
    if (ROOT / "README.md").exists():
        files.insert(1, ROOT / "README.md")
    return files


def engine_fingerprint() -> str:
    """A hash of the content of :func:`engine_code` (never dates: a worktree's copied static/
    and sources keep the same content under new mtimes). The README is left out: it changes
    only the wheel's description, and a README commit rebuilt the wheel (a minute and a half
    of Pyodide compiling bytecode) for nothing the page runs."""
    digest = hashlib.sha256(f"format:{WHEEL_FORMAT}\n".encode())
    for path in engine_code():
        digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def build_engine_wheel(fingerprint: str) -> None:
    """``pip wheel`` the engine from a clean snapshot of its sources.

    Building in a copy keeps setuptools' build/ cache out of the repo: a module deleted from py/
    must not survive in build/lib and ride along into the wheel.
    """
    with tempfile.TemporaryDirectory() as tmp:
        snapshot = Path(tmp) / "src"
        for path in engine_sources():
            dest = snapshot / path.relative_to(ROOT)
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, dest)
        out = Path(tmp) / "out"
        subprocess.run(
            [sys.executable, "-m", "pip", "wheel", "--quiet", "--disable-pip-version-check",
             "--no-deps", "-w", str(out), str(snapshot)],
            check=True,
        )
        (built,) = out.glob(f"{ENGINE_NAME}-*.whl")
        add_bytecode([built])
        for old in WHEELS.glob(f"{ENGINE_NAME}-*.whl"):
            old.unlink()
        shutil.move(str(built), WHEELS / built.name)
        log(f"built {built.name} (sources {fingerprint[:12]})")


def write_manifest(fingerprint: str) -> None:
    wheels = sorted(WHEELS.glob("*.whl"))
    manifest = {
        "engine_sources": fingerprint,
        "wheels": [
            {"file": w.name, "size": w.stat().st_size, "integrity": sri(sha256_file(w))} for w in wheels
        ],
        # pdfminer.six's CMaps, fetched one by one when a document needs them (pdfprose.engine.web).
        "cmaps": json.loads((CMAPS / "index.json").read_text(encoding="utf-8")),
    }
    text = json.dumps(manifest, indent=2) + "\n"
    if not MANIFEST.exists() or MANIFEST.read_text(encoding="utf-8") != text:
        MANIFEST.write_text(text, encoding="utf-8")


def vendor_engine() -> None:
    fingerprint = engine_fingerprint()
    current = None
    if MANIFEST.exists():
        current = json.loads(MANIFEST.read_text(encoding="utf-8")).get("engine_sources")
    if current != fingerprint or not list(WHEELS.glob(f"{ENGINE_NAME}-*.whl")):
        build_engine_wheel(fingerprint)
    write_manifest(fingerprint)


def limit_values(source: Path = OPTIONS_SOURCE) -> dict[str, int]:
    """The engine's limits (:data:`LIMIT_NAMES`), read from ``source`` without importing it
    (set-up runs before the engine's dependencies are installed, and options.py may import
    its package): each is an integer or a product of integers there."""
    def value(node: ast.expr) -> int:
        if isinstance(node, ast.Constant) and type(node.value) is int:
            return node.value
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult):
            return value(node.left) * value(node.right)
        raise ValueError(f"{source}: a limit must be an integer or a product of integers")

    found: dict[str, int] = {}
    for node in ast.parse(source.read_text(encoding="utf-8")).body:
        target = node.targets[0] if isinstance(node, ast.Assign) and len(node.targets) == 1 else \
            node.target if isinstance(node, ast.AnnAssign) else None
        if isinstance(target, ast.Name) and target.id in LIMIT_NAMES and node.value is not None:
            found[target.id] = value(node.value)
    missing = set(LIMIT_NAMES) - found.keys()
    if missing:
        sys.exit(f"vendor: {source.relative_to(ROOT)} does not define {', '.join(sorted(missing))}")
    return found


def write_limits() -> None:
    """static/vendor/limits.mjs: the engine's limits as the page imports them."""
    lines = [
        "// Generated by scripts/vendor_web.py from py/pdfprose/options.py: the page refuses what",
        "// the engine would. Do not edit.",
        *(f"export const {name} = {number};" for name, number in limit_values().items()),
    ]
    text = "\n".join(lines) + "\n"
    if not LIMITS_OUT.exists() or LIMITS_OUT.read_text(encoding="utf-8") != text:
        LIMITS_OUT.write_text(text, encoding="utf-8")


def compressible_files() -> list[Path]:
    """The set-up's files that scripts/precompress.mjs compresses (their variants left out)."""
    return sorted(
        p for folder in (VENDOR, WHEELS) for p in folder.rglob("*")
        if p.is_file() and p.suffix in COMPRESSIBLE and not p.name.startswith(".")
        and p.stat().st_size >= COMPRESS_MIN_BYTES
    )


def precompress() -> None:
    """FILE.br and FILE.gz beside every :func:`compressible_files` file whose content changed
    since it was last compressed (a SHA-256 per file in build/precompressed.json: the
    Pyodide files keep npm's fixed mtime from one version to the next, so dates cannot tell)."""
    stamps = json.loads(PRECOMPRESS_STAMP.read_text(encoding="utf-8")) if PRECOMPRESS_STAMP.exists() else {}
    files = compressible_files()
    current = {p.relative_to(ROOT).as_posix(): sha256_file(p) for p in files}
    stale = [ROOT / rel for rel, digest in current.items() if stamps.get(rel) != digest]
    for rel in current.keys() - {p.relative_to(ROOT).as_posix() for p in stale}:
        # The same content written again (a rebuilt wheel is byte for byte the same): its copies
        # still fit, and are dated so, since the server sends no copy older than its file.
        source = (ROOT / rel).stat().st_mtime_ns
        for variant in (ROOT / (rel + ".br"), ROOT / (rel + ".gz")):
            if variant.exists() and variant.stat().st_mtime_ns < source:
                os.utime(variant, ns=(source, source))
    for rel in stamps.keys() - current.keys():  # the variants of files that are gone
        for suffix in (".br", ".gz"):
            (ROOT / (rel + suffix)).unlink(missing_ok=True)
    if stale:
        subprocess.run(["node", str(PRECOMPRESS_SCRIPT), *map(str, stale)], check=True, cwd=ROOT)
        log(f"compressed {len(stale)} file(s) (brotli and gzip) for the server")
    PRECOMPRESS_STAMP.parent.mkdir(parents=True, exist_ok=True)
    PRECOMPRESS_STAMP.write_text(json.dumps(current, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def write_precache() -> None:
    """static/vendor/precache.js for sw.js: every file the page needs offline, with the
    Subresource Integrity form of its SHA-256, which the service worker checks before it keeps
    a copy; and pdfminer.six's CMap files, not precached but kept once a document fetched one
    (checked the same way).

    ``cache`` files (the vendored runtime and the pinned dependency wheels) change only with a new
    set-up, so the service worker serves them from its cache first; the page's own files, the
    wheel manifest and the engine wheel are ``network`` files: fetched fresh when online, from
    the cache when not. The revision (a hash of the list) names the service worker's cache.
    """
    def entry(url: str, path: Path, strategy: str) -> dict[str, str]:
        return {"url": url, "integrity": sri(sha256_file(path)), "strategy": strategy}

    files = [entry("./", ROOT / "index.html", "network")]
    shell = sorted({p for pattern in SHELL_GLOBS for p in ROOT.glob(pattern) if p.is_file()})
    files += [entry(p.relative_to(ROOT).as_posix(), p, "network") for p in shell]
    # (The CMaps' index is the manifest's business: the page never fetches cmaps/index.json.)
    runtime = sorted(p for p in VENDOR.rglob("*")
                     if p.is_file() and p.suffix in (".mjs", ".wasm", ".zip", ".json") and not p.name.startswith(".")
                     and not p.is_relative_to(CMAPS))
    files += [entry(p.relative_to(ROOT).as_posix(), p, "cache") for p in runtime]
    for path in sorted(WHEELS.iterdir()):
        if path.suffix not in (".whl", ".json"):
            continue
        engine = path.name.startswith(f"{ENGINE_NAME}-") or path.name == MANIFEST.name
        files.append(entry(path.relative_to(ROOT).as_posix(), path, "network" if engine else "cache"))
    index = json.loads((CMAPS / "index.json").read_text(encoding="utf-8"))
    cmaps = {f"{name}.json.gz": sri(str(meta["sha256"])) for name, meta in sorted(index.items())}
    revision = hashlib.sha256(json.dumps([files, cmaps], sort_keys=True).encode()).hexdigest()[:16]
    body = json.dumps({"revision": revision, "files": files, "cmaps": cmaps}, indent=1)
    text = (
        "// Generated by scripts/vendor_web.py: what sw.js keeps for offline use. Do not edit.\n"
        f"self.PDFPROSE_PRECACHE = {body};\n"
    )
    if not PRECACHE_OUT.exists() or PRECACHE_OUT.read_text(encoding="utf-8") != text:
        PRECACHE_OUT.write_text(text, encoding="utf-8")


def refresh_engine() -> None:
    """What depends on the engine's sources, made again if they moved on (the browser tests
    call this, so that the page never runs yesterday's engine): its wheel, the limits, the
    compressed copies and the service worker's list."""
    vendor_engine()
    write_limits()
    write_precache()
    precompress()  # last: precache.js is one of the files it compresses


def main() -> None:
    if not NODE_PYODIDE.is_dir():
        sys.exit("vendor: node_modules/pyodide is missing: run `npm ci` first (./dev does)")
    vendor_pyodide()
    bundle(NOBLE_ENTRY, NOBLE_OUT, "@noble/ciphers AES")
    bundle(FFLATE_ENTRY, FFLATE_OUT, "fflate's zip writer")
    vendor_markdown_it()
    vendor_dependency_wheels()
    refresh_engine()


if __name__ == "__main__":
    main()
