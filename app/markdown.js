// The rendered Markdown view: markdown-it (vendored from npm into static/vendor at set-up),
// loaded the first time it is needed. Raw HTML stays text (html: false) and images are not
// rendered, so nothing in a PDF's text can make the page load anything.
//
// A long document (a 150-page report gives 400 KB of Markdown) is rendered in segments cut at
// block boundaries: the first one at once, the rest in the following tasks, so an option switch
// shows within a frame or two; each segment is a block the browser lays out only when it comes
// into view (content-visibility, static/app.css). Cutting only before a line that starts a new
// top-level paragraph or heading keeps the result identical to rendering the whole text at once.
// Top-level blocks carry data-line and data-line-end (their source lines), so the text of a page
// can be found in the rendered view too. Headings are shifted two levels down (the page's own
// h1 and h2 come first), keeping their look through md-h1..md-h6 classes.
//
// Footnotes (the engine's "Text[^*]" and "[^*]: the note") are rendered by markdown-it-footnote
// (vendored with it): a reference is a raised link to its note, the notes are listed at the end
// of their segment, each under the mark the PDF printed. A reference whose note falls in another
// segment stays text, as before (segments are cut 16,000 characters apart, a note sits at the
// foot of its page).

import { t } from './i18n.js';

const SEGMENT_CHARS = 16_000;
const HEADING_SHIFT = 2;
const LIST_OR_INDENT = /^(?:\s|[-+*](?:\s|$)|\d{1,9}[.)](?:\s|$)|>|`{3}|~{3})/;
// A page marker of the Markdown (render.py's "<!-- page N -->" on a line of its own; a PDF's own
// "<" is escaped, so nothing else reads so): an HTML comment, which raw HTML off would show as
// text, is shown as a quiet "page N" rule instead, in the page's language (pageLabel).
const PAGE_MARKER = /^<!-- page (\d+) -->$/;

let markdownIt = null;

async function load() {
  if (!markdownIt) {
    const [{ default: MarkdownIt }, { default: footnotes }] = await Promise.all([
      import('../static/vendor/markdown-it.mjs'),
      import('../static/vendor/markdown-it-footnote.mjs'),
    ]);
    const md = new MarkdownIt('commonmark', { html: false, linkify: false, typographer: false });
    md.disable('image');
    md.use(footnotes);
    // "^[...]" is no Markdown the engine writes: a PDF's own "2^[n]" stays text.
    md.disable('footnote_inline');
    // The mark the PDF printed ("*", "2"), not a count from 1; it is the PDF's text, so escaped
    // (the plugin writes its caption into the HTML as it is).
    const mark = (meta) => md.utils.escapeHtml(meta.label ?? String(meta.id + 1));
    md.renderer.rules.footnote_caption = (tokens, i) => mark(tokens[i].meta);
    const footnoteOpen = md.renderer.rules.footnote_open;
    md.renderer.rules.footnote_open = (tokens, i, options, env, self) =>
      `${footnoteOpen(tokens, i, options, env, self)}<span class="md-footnote-mark">${mark(tokens[i].meta)}</span> `;
    // GFM pipe tables (the engine's Markdown tables), which the CommonMark preset leaves out. A
    // column's alignment comes as a style attribute, which the page's policy (style-src 'self')
    // refuses: it becomes a class (static/app.css).
    md.enable('table');
    for (const rule of ['th_open', 'td_open']) {
      md.renderer.rules[rule] = (tokens, i, options, env, self) => {
        const align = /text-align:(left|center|right)/.exec(tokens[i].attrGet('style') ?? '');
        if (tokens[i].attrGet('style') !== null) {
          tokens[i].attrs = tokens[i].attrs.filter(([name]) => name !== 'style');
        }
        if (align) tokens[i].attrJoin('class', `md-align-${align[1]}`);
        return self.renderToken(tokens, i, options);
      };
    }
    const defaultLinkOpen = md.renderer.rules.link_open ?? ((tokens, i, options, env, self) => self.renderToken(tokens, i, options));
    md.renderer.rules.link_open = (tokens, i, options, env, self) => {
      tokens[i].attrSet('rel', 'noopener noreferrer');
      tokens[i].attrSet('target', '_blank');
      return defaultLinkOpen(tokens, i, options, env, self);
    };
    markdownIt = md;
  }
  return markdownIt;
}

/** Start loading markdown-it without waiting for it (when the Markdown format is picked). */
export function preload() {
  load().catch(() => {});
}

/** The source cut into [{text, line}] at safe top-level block boundaries. */
export function segments(source, size = SEGMENT_CHARS) {
  const out = [];
  const lines = source.split('\n');
  let startLine = 0;
  let chars = 0;
  for (let i = 0; i < lines.length; i += 1) {
    if (
      chars >= size &&
      i > startLine &&
      lines[i - 1] === '' &&
      lines[i] !== '' &&
      !LIST_OR_INDENT.test(lines[i])
    ) {
      out.push({ text: lines.slice(startLine, i).join('\n'), line: startLine });
      startLine = i;
      chars = 0;
    }
    chars += lines[i].length + 1;
  }
  out.push({ text: lines.slice(startLine).join('\n'), line: startLine });
  return out;
}

/** A page marker's rule label in the page's language ("page 6", "página 6"). */
export function pageLabel(number) {
  return `${t('page_marker_word')} ${number}`;
}

export class MarkdownView {
  constructor(container) {
    this.container = container;
    this.source = null;
    this.pending = []; // segments not rendered yet
    this.generation = 0;
    this.finished = Promise.resolve();
  }

  /** Show `source`; resolves once the first segment is on screen (the rest follows). */
  async show(source) {
    if (source === this.source) return;
    const md = await load();
    const generation = ++this.generation;
    this.source = source;
    this.container.replaceChildren();
    this.pending = segments(source);
    this.renderNext(md);
    this.finished = (async () => {
      while (this.pending.length && generation === this.generation) {
        await new Promise((resolve) => setTimeout(resolve, 0));
        if (generation !== this.generation) return;
        this.renderNext(md);
      }
    })();
  }

  renderNext(md) {
    const segment = this.pending.shift();
    if (!segment) return;
    // Footnote anchors are named after the segment (docId), so no two segments share an id.
    const env = { docId: `s${segment.line}` };
    const tokens = md.parse(segment.text, env);
    for (let i = 0; i + 2 < tokens.length; i += 1) {
      const marker = tokens[i].type === 'paragraph_open' && tokens[i + 1].type === 'inline'
        ? PAGE_MARKER.exec(tokens[i + 1].content) : null;
      if (!marker || !tokens[i + 1].children?.length) continue;
      tokens[i].attrJoin('class', 'md-page-marker');
      tokens[i].attrSet('data-page', marker[1]);
      const text = tokens[i + 1].children[0];
      text.type = 'text';
      text.content = pageLabel(marker[1]);
      tokens[i + 1].children = [text];
    }
    for (const token of tokens) {
      // A table wider than the preview scrolls on its own (static/app.css): a scrolling region
      // is reached by the keyboard too.
      if (token.type === 'table_open') token.attrSet('tabindex', '0');
      if (token.type === 'heading_open' || token.type === 'heading_close') {
        const level = Number(token.tag.slice(1));
        if (token.type === 'heading_open') token.attrJoin('class', `md-h${level}`);
        token.tag = `h${Math.min(6, level + HEADING_SHIFT)}`;
      }
      if (token.level === 0 && token.map && token.nesting !== -1) {
        // Each block takes the direction of its first strong letter: Hebrew and Arabic
        // paragraphs read from the right, aligned right, among left-to-right ones.
        token.attrSet('dir', 'auto');
        token.attrSet('data-line', String(segment.line + token.map[0]));
        token.attrSet('data-line-end', String(segment.line + token.map[1]));
      }
    }
    const chunk = document.createElement('div');
    chunk.className = 'md-chunk';
    // Its height until the browser lays it out (content-visibility): about right for the scrollbar.
    const perLine = Math.max(20, Math.floor(((this.container.clientWidth || 600) - 24) / 7.6));
    const blocks = segment.text.split('\n\n');
    const lines = blocks.reduce((sum, b) => sum + Math.max(1, Math.ceil(b.length / perLine)), 0);
    chunk.style.containIntrinsicSize = `auto ${Math.round(lines * 23.5 + blocks.length * 12)}px`;
    chunk.innerHTML = md.renderer.render(tokens, md.options, env);
    this.container.append(chunk);
  }

  /** Render at once whatever is still pending up to source line `line`. */
  renderThrough(line) {
    if (!markdownIt) return;
    while (this.pending.length && this.pending[0].line <= line) this.renderNext(markdownIt);
  }

  /** The top-level element that holds source line `line` (or the next one). */
  elementForLine(line) {
    this.renderThrough(line);
    let last = null;
    for (const node of this.container.querySelectorAll(':scope > .md-chunk > [data-line]')) {
      if (Number(node.dataset.lineEnd) > line) return node;
      last = node;
    }
    return last;
  }

  clear() {
    this.generation += 1;
    this.source = null;
    this.pending = [];
    this.container.replaceChildren();
  }
}
