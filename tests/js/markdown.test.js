// The Markdown preview (app/markdown.js): the engine's footnotes ("Text[^*]", "[^*]: the note")
// rendered as a reference and its note, never as the PDF's raw text made HTML.
import assert from 'node:assert/strict';
import { test } from 'node:test';

if (!globalThis.navigator) globalThis.navigator = { languages: ['en'], language: 'en' };

class FakeElement {
  constructor() {
    this.children = [];
    this.style = {};
    this.innerHTML = '';
    this.clientWidth = 600;
  }

  append(...nodes) {
    this.children.push(...nodes);
  }

  replaceChildren(...nodes) {
    this.children = nodes;
  }
}

globalThis.document ??= { createElement: () => new FakeElement() };

const { MarkdownView } = await import('../../app/markdown.js');

async function rendered(source) {
  const view = new MarkdownView(new FakeElement());
  await view.show(source);
  await view.finished;
  return view.container.children.map((chunk) => chunk.innerHTML);
}

test('a footnote reference and its note are rendered, under the mark the PDF printed', async () => {
  // pdfua_presentation_slides.pdf, as the engine writes it.
  const [html] = await rendered('# Short intro on accessibility and Tagged PDF[^*]\n\nBody text.\n\n'
    + '[^*]: More info: PDF/UA in a Nutshell, <https://www.pdfa.org/resource/pdfua-in-a-nutshell/>\n');
  assert.doesNotMatch(html, /\[\^\*\]/);
  assert.match(html, /Tagged PDF<sup class="footnote-ref"><a href="#fn-s0-1" id="fnref-s0-1">\*<\/a><\/sup><\/h3>/);
  assert.match(html, /<li id="fn-s0-1" class="footnote-item"><span class="md-footnote-mark">\*<\/span> <p>More info: PDF\/UA in a Nutshell, <a href="https:\/\/www.pdfa.org\/resource\/pdfua-in-a-nutshell\/" rel="noopener noreferrer" target="_blank">/);
  assert.match(html, /<a href="#fnref-s0-1" class="footnote-backref">/);
});

test('a footnote\'s mark and note are the PDF\'s text: escaped, never HTML', async () => {
  const [html] = await rendered('Text[^<b>x]\n\n[^<b>x]: <img src=x onerror=alert(1)> note\n\nPower 2^[n] stays.\n');
  assert.doesNotMatch(html, /<b>|<img/);
  assert.match(html, /<a href="#fn-s0-1" id="fnref-s0-1">&lt;b&gt;x<\/a>/);
  assert.match(html, /&lt;img src=x onerror=alert\(1\)&gt; note/);
  assert.match(html, /Power 2\^\[n\] stays\./); // no inline footnote made of it
});

test('notes in two segments of a long text have anchors of their own', async () => {
  const filler = Array.from({ length: 60 }, (_, i) => `Paragraph ${i} ${'word '.repeat(60)}`).join('\n\n');
  const chunks = await rendered(`First[^1]\n\n[^1]: One.\n\n${filler}\n\nSecond[^1]\n\n[^1]: Two.\n`);
  assert.equal(chunks.length, 2);
  const ids = chunks.join('').match(/id="[^"]+"/g);
  assert.equal(new Set(ids).size, ids.length);
  assert.match(chunks[1], /Second<sup class="footnote-ref"><a href="#fn-s\d+-1"/);
});
