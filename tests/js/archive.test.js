// "Download all"'s contents (app/shell/archive.js): the texts' names and report.json.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { archiveContents, baseName, sharedFolder, uniqueName } from '../../app/shell/archive.js';

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
