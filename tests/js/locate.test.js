// Where each page starts in a rendering (app/engine/locate.js), on hand-made texts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { codePointsToUtf16, findMarkers, monotonic } from '../../app/engine/locate.js';

test('page markers are found only as chunks of their own', () => {
  const text = 'See [page 2] below.\n\n[page 1]\n\nOne.\n\n[page 2]\n\nTwo.\n';
  const spans = findMarkers(text, 'txt', 'page', [1, 2, 3]);
  assert.equal(spans[0][0], text.indexOf('[page 1]'));
  assert.equal(spans[1][0], text.lastIndexOf('[page 2]')); // not the one inside a sentence
  assert.equal(spans[2], null);
  const md = '<!-- page 1 -->\n\nOne.\n';
  assert.deepEqual(findMarkers(md, 'md', 'page', [1]), [[0, 17]]);
});

test('code points become UTF-16 offsets past characters outside the BMP', () => {
  const text = 'a\u{1D400}b\u{1F600}c';
  assert.deepEqual(codePointsToUtf16(text, [0, 1, 2, 3, 4]), [0, 1, 3, 4, 6]);
});

test('holes take the next start, and the starts never decrease', () => {
  assert.deepEqual(monotonic([0, null, 10, 8, null], 20), [0, 8, 8, 8, 20]);
});
