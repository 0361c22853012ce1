// The output options as both ends read them (app/engine/options.js).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { normalizeOptions, oneSwitchAway, optionsKey } from '../../app/engine/options.js';

test('options are completed with the defaults, whatever came in', () => {
  assert.deepEqual(normalizeOptions({}), {
    format: 'txt', join_lines: true, remove_headers: true, page_markers: false, page_word: 'page',
  });
  assert.equal(normalizeOptions({ format: 'html' }).format, 'txt');
  assert.equal(normalizeOptions({ page_word: 'página' }).page_word, 'página');
  // A marker word the engine would refuse (digits, markup, too long) becomes the default.
  for (const word of ['p4ge', '<b>', 'x'.repeat(30), ' page']) assert.equal(normalizeOptions({ page_word: word }).page_word, 'page');
});

test('the key names a rendering, with the marker word only where the text has it', () => {
  assert.equal(optionsKey({}), 'txt|1|1|0');
  assert.equal(optionsKey({ format: 'md', join_lines: false }), 'md|0|1|0');
  assert.equal(optionsKey({ page_markers: true, page_word: 'página' }), 'txt|1|1|1|página');
  assert.equal(optionsKey({ format: 'md', page_markers: true, page_word: 'página' }), 'md|1|1|1');
});

test('one switch away: each option flipped once, the format first', () => {
  const keys = oneSwitchAway({}).map(optionsKey);
  assert.deepEqual(keys, ['md|1|1|0', 'txt|0|1|0', 'txt|1|0|0', 'txt|1|1|1|page']);
});
