// Where the drawings' reading-order badges go (app/preview.js placeBadges): never over another.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { placeBadges } from '../../app/preview.js';

const R = 7;
const apart = (spots) => {
  const placed = spots.filter(Boolean);
  for (let i = 0; i < placed.length; i += 1) {
    for (let j = i + 1; j < placed.length; j += 1) {
      assert.ok(Math.hypot(placed[i][0] - placed[j][0], placed[i][1] - placed[j][1]) >= 2 * R, `${placed[i]} ${placed[j]}`);
    }
  }
};

test('a badge sits at its block top left corner when that is free', () => {
  const spots = placeBadges([{ box: [72, 72, 300, 200] }, { box: [320, 72, 540, 200] }], R, 612, 792);
  assert.deepEqual(spots, [[72, 72], [320, 72]]);
});

test('badges of blocks that start at one place move down their block, or to its right', () => {
  // A figure's labels: blocks whose top left corners are a few points apart.
  const blocks = [
    { box: [100, 100, 200, 160] },
    { box: [103, 102, 140, 110] }, // too short to go down: its top right corner
    { box: [101, 101, 200, 200] }, // room below
  ];
  const spots = placeBadges(blocks, R, 612, 792);
  assert.deepEqual(spots[0], [100, 100]);
  assert.deepEqual(spots[1], [140, 102]);
  assert.equal(spots[2][0], 101);
  assert.ok(spots[2][1] > 101);
  apart(spots);
});

test('a badge with no free place is left out, and none ever overlap', () => {
  const blocks = Array.from({ length: 40 }, (_, i) => ({ box: [50 + (i % 5) * 3, 50 + (i % 7) * 2, 60 + (i % 5) * 3, 58 + (i % 7) * 2] }));
  const spots = placeBadges(blocks, R, 612, 792);
  assert.ok(spots.includes(null));
  apart(spots);
  // Badges stay on the page.
  for (const [x, y] of spots.filter(Boolean)) assert.ok(x >= R && y >= R && x <= 612 - R && y <= 792 - R);
});
