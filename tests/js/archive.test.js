// "Download all"'s contents (app/shell/archive.js): the texts' names and report.json.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  archiveContents, baseName, foldName, hiddenInFolder, nameOrder, sharedFolder, uniqueName,
} from '../../app/shell/archive.js';
import { byPath, folderPdfs } from '../../app/shell/intake.js';

test("a text is named after its PDF, without the PDF's folder or extension", () => {
  assert.equal(baseName('thesis/refs/Smith 2020.PDF'), 'Smith 2020');
  assert.equal(baseName('notes.txt'), 'notes');
  assert.equal(baseName('.pdf'), 'document');
});

test('names are made unique, whatever their case, and never report.json', () => {
  const taken = new Set();
  assert.deepEqual(
    ['a', 'a', 'A', 'report', 'a'].map((base) => uniqueName(base, 'txt', taken)),
    ['a.txt', 'a-2.txt', 'A-3.txt', 'report.txt', 'a-4.txt'],
  );
  assert.equal(uniqueName('report', 'json', new Set()), 'report-2.json');
  // Another extension is another name.
  assert.equal(uniqueName('a', 'md', taken), 'a.md');
});

test('the zip holds one text per converted file, the report every file', () => {
  const entries = [
    { name: 'a.pdf', path: 'x/a.pdf', state: 'done', text: 'one', format: 'txt', pages: 2, seconds: 0.5,
      emptyPages: [2], garbledPages: [], failedPages: [], notices: ['Page 2 has no text layer'], engineNotices: [] },
    { name: 'a.pdf', path: 'y/a.pdf', state: 'done', text: '# two', format: 'md', pages: 1, seconds: 0.1 },
    { name: 'A.PDF', path: 'y/A.PDF', state: 'done', text: 'three', format: 'md', pages: 1, seconds: 0.1 },
    { name: 'scan.pdf', path: 'scan.pdf', state: 'done', text: '', format: 'txt', pages: 1, seconds: 0.1, emptyPages: [1] },
    { name: 'bad.pdf', path: 'bad.pdf', state: 'failed', error: { code: 'truncated', message: 'cut short' } },
    { name: 'locked.pdf', path: 'locked.pdf', state: 'skipped' },
  ];
  const { texts, report } = archiveContents(entries, new Date('2026-12-03T00:00:00Z'));
  assert.deepEqual(texts, [
    { name: 'x/a.txt', text: 'one' }, { name: 'y/a.md', text: '# two' }, { name: 'y/A-2.md', text: 'three' },
  ]);
  assert.equal(report.created, '2026-12-03T00:00:00.000Z');
  assert.deepEqual(report.counts, { done: 4, failed: 1, skipped: 1 });
  assert.deepEqual(report.files.map((f) => [f.path, f.status, f.output]), [
    ['x/a.pdf', 'done', 'x/a.txt'], ['y/a.pdf', 'done', 'y/a.md'], ['y/A.PDF', 'done', 'y/A-2.md'],
    ['scan.pdf', 'done', null], ['bad.pdf', 'failed', null], ['locked.pdf', 'skipped', null],
  ]);
  assert.deepEqual(report.files[0].empty_pages, [2]);
  assert.deepEqual(report.files[0].notices, ['Page 2 has no text layer']);
  assert.deepEqual(report.files[4].error, { code: 'truncated', message: 'cut short' });
});

test('a text keeps its place below the folder all the files share', () => {
  const done = (path) => ({ name: path.split('/').pop(), path, state: 'done', text: path, format: 'txt', pages: 1 });
  const { texts } = archiveContents([done('refs/2024/invoice.pdf'), done('refs/2025/invoice.pdf'), done('refs/report.pdf')]);
  assert.deepEqual(texts.map((t) => t.name), ['2024/invoice.txt', '2025/invoice.txt', 'report.txt']);
  assert.equal(sharedFolder(['refs/a.pdf', 'refs/sub/b.pdf']), 'refs/');
});

test("a.pdf and A.PDF get a.txt and A-2.txt whatever order they come in, as on the command line", () => {
  // A new user's folder d: the zip gave a.txt (a.pdf) and A-2.txt, the command line A.txt
  // (A.PDF) and a-2.txt. tests/batch/test_batch.py holds the command line to the same pair.
  const done = (path, text) => ({ name: path.split('/').pop(), path, state: 'done', text, format: 'txt', pages: 1 });
  for (const entries of [[done('d/a.pdf', 'lower'), done('d/A.PDF', 'UPPER')],
    [done('d/A.PDF', 'UPPER'), done('d/a.pdf', 'lower')]]) {
    const { texts } = archiveContents(entries);
    assert.deepEqual(Object.fromEntries(texts.map((t) => [t.name, t.text])), { 'a.txt': 'lower', 'A-2.txt': 'UPPER' });
  }
  // A file that failed still takes its name, as the command line names every input first.
  const { report } = archiveContents([done('d/A.PDF', 'UPPER'), { name: 'a.pdf', path: 'd/a.pdf', state: 'failed' }]);
  assert.deepEqual(report.files.map((f) => f.output), ['A-2.txt', null]);
  // The same cases as tests/batch/test_batch.py's name_order and fold.
  assert.deepEqual(['b', 'B', 'a', 'ab', 'Ab'].sort(nameOrder), ['a', 'ab', 'Ab', 'b', 'B']);
  assert.deepEqual(['d/X.pdf', 'd/x.PDF', 'd/x.pdf'].sort(nameOrder), ['d/x.pdf', 'd/x.PDF', 'd/X.pdf']);
  assert.equal(foldName('Straße.PDF'), foldName('STRASSE.pdf'));
  // Code points, not UTF-16 units: U+FF21 (a fullwidth A) before U+1D400 (a mathematical A).
  assert.ok(nameOrder('\uFF21', '\u{1D400}') < 0);
});

test("a folder's hidden files and hidden folders are left out, as on the command line", () => {
  assert.ok(hiddenInFolder('d/.secret.pdf') && hiddenInFolder('d/.hidden/h.pdf'));
  assert.ok(!hiddenInFolder('.d/a.pdf') && !hiddenInFolder('d/x.y/a.pdf'));
  const pdf = (path) => ({ file: { name: path.split('/').pop(), type: 'application/pdf' }, path });
  const kept = folderPdfs([pdf('d/A.PDF'), pdf('d/.secret.pdf'), pdf('d/.hidden/h.pdf'), pdf('d/10.pdf'),
    pdf('d/a.pdf'), pdf('d/2.pdf')]);
  // Shown as a file manager lists them ('2' before '10'), a.pdf before A.PDF in any browser.
  assert.deepEqual(kept.map((item) => item.path), ['d/2.pdf', 'd/10.pdf', 'd/a.pdf', 'd/A.PDF']);
  assert.ok(byPath(pdf('d/a.pdf'), pdf('d/A.PDF')) < 0 && byPath(pdf('d/A.PDF'), pdf('d/a.pdf')) > 0);
});
