// Every text the page shows, in English and Spanish. A message is a string with {name}
// placeholders or a function of (params, helpers) where grammar needs more (plurals, lists).
// Static markup carries data-i18n="key"; dynamic messages go through t().

const STORAGE_KEY = 'pdfprose.lang';
export const LANGUAGES = ['en', 'es'];
const MAX_LISTED_PAGES = 6; // SPEC §13: up to six page numbers, then "and N more"

// What a garbled notice's groups name in all: one page ("that page") or more ("those pages").
const those = (p, one, many) => (p.groups.reduce((n, g) => n + g.pages.length, 0) === 1 ? one : many);

const STRINGS = {
  en: {
    doc_title: 'pdfprose: PDF to text, on your device',
    language: 'Language',
    title: 'PDF to text, on your device',
    intro:
      'pdfprose pulls the text out of a PDF and rebuilds its paragraphs, columns and headings as plain ' +
      'text or Markdown. Everything runs in this browser tab: your file is never uploaded.',
    drop_title: 'Drop a PDF here',
    drop_or: 'or',
    choose: 'Choose a file',
    drop_hint: 'Up to 25 MB and 500 pages.',
    cancel: 'Cancel',
    pages_heading: 'Pages',
    text_heading: 'Text',
    format: 'Format',
    format_txt: 'Plain text (.txt)',
    format_md: 'Markdown (.md)',
    copy: 'Copy',
    copied: 'Copied',
    copy_failed: 'Copy failed: select the text and copy it by hand',
    download: (p) => `Download .${p.ext}`,
    footer:
      'Runs on Pyodide and pdfminer.six, served by this site. No file or text leaves your device.',
    progress_label: 'Conversion progress',

    options_legend: 'Output',
    opt_join: 'Join line breaks',
    opt_remove_headers: 'Remove headers and footers',
    opt_page_markers: 'Page markers',
    view_legend: 'View',
    view_source: 'Markdown',
    view_rendered: 'Preview',
    view_both: 'Both',
    output_label: 'Converted text',
    rendered_label: 'Markdown preview',
    pages_hint: 'Pick a page to jump to its text (arrow keys move between pages).',
    legend_title: 'What the drawings show',
    legend_columns: 'Lines of columns 1, 2, 3 and 4',
    legend_span: 'Lines across the full width',
    legend_aside: 'Columns too narrow or too short to count as text (sidebars, line numbers)',
    legend_rotated: 'Rotated or vertical text',
    legend_form: 'Form fields',
    legend_furniture: 'Running headers and footers (struck through when removed)',
    legend_order: 'Blocks numbered in reading order',
    legend_empty: 'No text layer',
    legend_garbled: 'Unreadable fonts',
    page_no_text: (p) => `Page ${p.number} has no text in the output.`,
    page_not_ready: 'The text appears when every page has been read.',
    password_label: 'Password',
    password_submit: 'Open',
    password_cancel: 'Cancel',
    password_required: (p) =>
      `${p.name} is protected with a password. Type the password to open it; it stays on this device.`,
    password_wrong: 'That password does not open this PDF. Check it (capital letters count) and try again.',
    password_empty: 'Type the password first: this PDF cannot be opened without one.',
    status_password: (p) => `Waiting for the password of ${p.name}.`,
    status_cancelling: 'Cancelling…',
    status_restarting: 'Restarting the converter…',
    error_crashed: (p) =>
      `The converter stopped unexpectedly (${p.message}). It is being restarted: try the file ` +
      'again, or another one.',
    error_memory:
      'The converter ran out of memory on this PDF. It is being restarted; a smaller file, or the ' +
      'document split into parts, should work.',
    offline_ready: 'Works offline from now on.',

    status_loading: 'Loading the converter…',
    status_loading_queued: (p) => `Loading the converter; ${p.name} starts as soon as it is ready…`,
    status_ready: 'Ready. Drop a PDF to start.',
    status_cancelled: 'Cancelled. Ready for another PDF.',
    status_opening: (p) => `Opening ${p.name}…`,
    // done: pages finished (two workers read from both ends, so no one page is 'being read').
    status_working: (p) => `Reading… ${p.done} of ${p.total} ${p.total === 1 ? 'page' : 'pages'} done.`,
    // Every page is read: the document passes and the text are left (a second or more on a long
    // document while the machine is busy).
    status_finishing: (p, h) => `Putting the document together (${h.plural(p.total, 'page', 'pages')} read)…`,
    status_done: (p, h) =>
      `Done: ${h.plural(p.pages, 'page', 'pages')} in ${h.decimal(p.seconds)} s.`,
    status_done_incomplete: (p, h) =>
      `Done: ${h.plural(p.pages, 'page', 'pages')} in ${h.decimal(p.seconds)} s, with characters missing (see the notice).`,
    status_done_damaged: (p, h) =>
      `Done: ${h.plural(p.pages, 'page', 'pages')} in ${h.decimal(p.seconds)} s, from a damaged file (see the notice).`,
    status_error: (p) => `Could not convert ${p.name}.`,
    status_boot_error: 'The converter could not start.',

    page_item: (p) => `Page ${p.number}`,
    columns: (p, h) => h.plural(p.columns, 'column', 'columns'),
    badge_empty: 'empty',
    badge_garbled: 'garbled',
    badge_failed: 'failed',

    note_deduced:
      'Structure (headings, paragraphs, lists and reading order) was deduced from the layout of the ' +
      'pages: check anything important against the PDF.',
    notice_empty: (p, h) =>
      `${p.pages.length === 1 ? 'Page' : 'Pages'} ${h.list(p.pages)} ` +
      `${p.pages.length === 1 ? 'has' : 'have'} no text layer: probably scanned images or text ` +
      'drawn as outlines. Run OCR on the PDF (for example with OCRmyPDF) to get that text.',
    notice_all_empty: (p, h) =>
      `${p.pages === 1 ? 'The page has no text layer' : `None of the ${p.pages} pages has a text layer`}: this PDF ` +
      'is probably a scan, so there is no text to extract. Run OCR on it (for example with ' +
      'OCRmyPDF) and try again.',
    notice_garbled: (p, h) =>
      `${p.pages.length === 1 ? 'Page' : 'Pages'} ${h.list(p.pages)} ` +
      `${p.pages.length === 1 ? 'uses fonts' : 'use fonts'} whose characters cannot be identified` +
      (p.percent ? ` (${h.percent(p.percent)} of ${p.pages.length === 1 ? 'its' : 'their'} characters have no known meaning)` : '') +
      ', so that text is unreliable. Run OCR on the PDF (for example OCRmyPDF with --force-ocr) ' +
      'to get readable text from those pages.',
    notice_failed: (p, h) =>
      `${p.pages.length === 1 ? 'Page' : 'Pages'} ${h.list(p.pages.map((f) => f.number))} could not be read and ` +
      `${p.pages.length === 1 ? 'is' : 'are'} missing from the text: ` +
      h.reasons(p.pages, (n) => `page ${n}`) + '.',
    list_more: (p) => `${p.count} more`,
    reason_content_missing: 'its content is missing from the file (cut short or damaged)',
    reason_page_box: 'its page size cannot be read',
    reason_internal: 'an internal error of pdfprose',
    reason_damaged_page: 'no text could be read from this page of the damaged file',
    reason_content_missing_many: 'their content is missing from the file (cut short or damaged)',
    reason_page_box_many: 'their page size cannot be read',
    reason_damaged_page_many: 'no text could be read from these pages of the damaged file',
    notice_cmap_unavailable:
      "The character data for this document's Chinese, Japanese or Korean fonts could not be loaded " +
      '(is the connection off?): their characters are missing. Connect to the internet and convert it again; ' +
      'the data is then kept for offline use.',

    limit_size: (p, h) =>
      `This file is ${h.decimal(p.mb)} MB; the limit is ${p.limit} MB. ` +
      'Split or compress it, then try again.',
    limit_pages: (p) =>
      `This PDF has ${p.pages} pages; the limit is ${p.limit} pages. ` +
      'Split it into smaller files, then try again.',

    error_not_pdf: 'This file is not a PDF.',
    error_empty_file: 'This file is empty (0 bytes): there is nothing to convert.',
    notice_one_file: ({ count, name }) => `${count} files were dropped; only ${name} is converted. Drop one PDF at a time.`,
    notice_not_a_file: 'That was text or a link, not a file: nothing is fetched from the web here. Save the PDF, then drop the file.',
    error_unreadable: 'This PDF is damaged and could not be read.',
    error_no_pages: 'This PDF has no pages: there is nothing in it to convert.',
    page_marker_word: 'page',

    error_truncated: 'This PDF is cut short (perhaps it did not finish downloading) and nothing in it could be read.',
    error_unsupported_encryption: (p) =>
      `This PDF is encrypted with a method pdfprose cannot open${p.method ? ` (${p.method})` : ''}.`,
    cause_type3_no_unicode: 'Type3 fonts that carry no Unicode meaning',
    cause_no_tounicode: 'fonts without a ToUnicode map, whose characters cannot be identified',
    cause_no_usable_encoding: 'font subsets without a usable character encoding',
    cause_broken_tounicode: 'fonts whose ToUnicode maps are incomplete or broken',
    cause_shifted_encoding: 'fonts that map characters to the wrong codes (their letters read shifted along the alphabet, so they are shown as \uFFFD)',
    cause_missing_font: 'fonts whose definitions are missing from the file (it is cut short or damaged), so letters and spaces are out of place',
    cause_unmapped: 'characters without Unicode meaning',
    notice_garbled_causes: (p, h) =>
      p.groups
        .map((g) => `${g.pages.length === 1 ? 'Page' : 'Pages'} ${h.list(g.pages)} ${g.pages.length === 1 ? 'uses' : 'use'} ${h.causes([g])}. `)
        .join('') +
      (p.percent ? `${h.percent(p.percent)} of the characters on ${those(p, 'that page', 'those pages')} have no known meaning. ` : '') +
      (p.lostFontsOnly
        ? `That text is unreliable: get a complete copy of the PDF (download it again) to read ${those(p, 'that page', 'those pages')}.`
        : 'That text is unreliable: run OCR on the PDF (for example OCRmyPDF with --force-ocr) to get ' +
          `readable text from ${those(p, 'that page', 'those pages')}.`),
    notice_damaged: (p, h) =>
      `This PDF is damaged${p.truncated ? ' (the file is cut short)' : ''}: ` +
      (p.readable != null && p.readable < p.recovered
        ? (p.expected > p.recovered ? `${p.recovered} of its ${p.expected} pages were found, ${p.readable} of them could be read.`
          : p.recovered === 1 ? '1 page was found, but it could not be read.'
            : `${p.recovered} pages were found, ${p.readable} of them could be read.`)
        : p.expected > p.recovered ? `${p.recovered} of its ${p.expected} pages could be recovered.`
          : `${h.plural(p.recovered, 'page', 'pages')} could be recovered.`) +
      ' The text may be incomplete.',
    notice_content_damaged: (p, h) =>
      `${p.pages.length === 1 ? 'Page' : 'Pages'} ${h.list(p.pages)}: the content is damaged; ` +
      'the text before the damage was kept.',
    notice_copy_restricted:
      "The document's permissions ask readers not to copy its text; pdfprose extracts it for your own use.",
    notice_unmapped_glyphs: (p, h) =>
      `${h.plural(p.count, 'character', 'characters')} on ` +
      `${p.pages.length === 1 ? 'page' : 'pages'} ${h.list(p.pages)} ` +
      `${p.count === 1 ? 'has' : 'have'} no Unicode meaning in ${p.count === 1 ? 'its font' : 'their fonts'} ` +
      `and ${p.count === 1 ? 'is' : 'are'} shown as \uFFFD: check ${p.count === 1 ? 'it' : 'those symbols'} against the PDF.`,
    notice_internal:
      'Headings, lists and running headers could not be found (an internal error); the text is given without them.',
    error_read_failed: 'The file could not be read from your device.',
    error_internal: (p) => `Something went wrong while converting this PDF (${p.message}).`,
    error_boot: (p) => `The converter could not start (${p.message}). Choose a PDF again, or reload the page, to try again.`,
  },

  es: {
    doc_title: 'pdfprose: de PDF a texto, en tu dispositivo',
    language: 'Idioma',
    title: 'De PDF a texto, en tu dispositivo',
    intro:
      'pdfprose extrae el texto de un PDF y reconstruye sus párrafos, columnas y títulos como texto ' +
      'plano o Markdown. Todo ocurre en esta pestaña del navegador: tu archivo nunca se sube.',
    drop_title: 'Suelta aquí un PDF',
    drop_or: 'o',
    choose: 'Elige un archivo',
    drop_hint: 'Hasta 25 MB y 500 páginas.',
    cancel: 'Cancelar',
    pages_heading: 'Páginas',
    text_heading: 'Texto',
    format: 'Formato',
    format_txt: 'Texto plano (.txt)',
    format_md: 'Markdown (.md)',
    copy: 'Copiar',
    copied: 'Copiado',
    copy_failed: 'No se pudo copiar: selecciona el texto y cópialo a mano',
    download: (p) => `Descargar .${p.ext}`,
    footer:
      'Funciona con Pyodide y pdfminer.six, servidos por este sitio. Ningún archivo ni texto sale ' +
      'de tu dispositivo.',
    progress_label: 'Progreso de la conversión',

    options_legend: 'Salida',
    opt_join: 'Unir saltos de línea',
    opt_remove_headers: 'Quitar encabezados y pies de página',
    opt_page_markers: 'Marcas de página',
    view_legend: 'Vista',
    view_source: 'Markdown',
    view_rendered: 'Vista previa',
    view_both: 'Ambas',
    output_label: 'Texto convertido',
    rendered_label: 'Vista previa del Markdown',
    pages_hint: 'Elige una página para ir a su texto (las flechas pasan de una página a otra).',
    legend_title: 'Qué muestran los dibujos',
    legend_columns: 'Líneas de las columnas 1, 2, 3 y 4',
    legend_span: 'Líneas a todo el ancho',
    legend_aside: 'Columnas demasiado estrechas o cortas para contar como texto (notas al margen, números de línea)',
    legend_rotated: 'Texto girado o vertical',
    legend_form: 'Campos de formulario',
    legend_furniture: 'Encabezados y pies de página (tachados si se quitan)',
    legend_order: 'Bloques numerados en orden de lectura',
    legend_empty: 'Sin capa de texto',
    legend_garbled: 'Fuentes ilegibles',
    page_no_text: (p) => `La página ${p.number} no tiene texto en la salida.`,
    page_not_ready: 'El texto aparece cuando se han leído todas las páginas.',
    password_label: 'Contraseña',
    password_submit: 'Abrir',
    password_cancel: 'Cancelar',
    password_required: (p) =>
      `${p.name} está protegido con contraseña. Escríbela para abrirlo; no sale de este dispositivo.`,
    password_wrong: 'Esa contraseña no abre este PDF. Revísala (las mayúsculas cuentan) y vuelve a intentarlo.',
    password_empty: 'Escribe primero la contraseña: este PDF no se puede abrir sin ella.',
    status_password: (p) => `Esperando la contraseña de ${p.name}.`,
    status_cancelling: 'Cancelando…',
    status_restarting: 'Reiniciando el conversor…',
    error_crashed: (p) =>
      `El conversor se detuvo de forma inesperada (${p.message}). Se está reiniciando: vuelve a ` +
      'probar con el archivo o con otro.',
    error_memory:
      'El conversor se quedó sin memoria con este PDF. Se está reiniciando; un archivo más pequeño, ' +
      'o el documento dividido en partes, debería funcionar.',
    offline_ready: 'Desde ahora funciona sin conexión.',

    status_loading: 'Cargando el conversor…',
    status_loading_queued: (p) => `Cargando el conversor; ${p.name} empezará en cuanto esté listo…`,
    status_ready: 'Listo. Suelta un PDF para empezar.',
    status_cancelled: 'Cancelado. Listo para otro PDF.',
    status_opening: (p) => `Abriendo ${p.name}…`,
    status_working: (p) => `Leyendo… ${p.done} de ${p.total} ${p.total === 1 ? 'página lista' : 'páginas listas'}.`,
    status_finishing: (p, h) => `Armando el documento (${h.plural(p.total, 'página leída', 'páginas leídas')})…`,
    status_done: (p, h) =>
      `Hecho: ${h.plural(p.pages, 'página', 'páginas')} en ${h.decimal(p.seconds)} s.`,
    status_done_incomplete: (p, h) =>
      `Hecho: ${h.plural(p.pages, 'página', 'páginas')} en ${h.decimal(p.seconds)} s, con caracteres que faltan (lee el aviso).`,
    status_done_damaged: (p, h) =>
      `Hecho: ${h.plural(p.pages, 'página', 'páginas')} en ${h.decimal(p.seconds)} s, de un archivo dañado (lee el aviso).`,
    status_error: (p) => `No se pudo convertir ${p.name}.`,
    status_boot_error: 'El conversor no pudo arrancar.',

    page_item: (p) => `Página ${p.number}`,
    columns: (p, h) => h.plural(p.columns, 'columna', 'columnas'),
    badge_empty: 'vacía',
    badge_garbled: 'ilegible',
    badge_failed: 'fallida',

    note_deduced:
      'La estructura (títulos, párrafos, listas y orden de lectura) se ha deducido de la disposición ' +
      'de las páginas: comprueba lo importante con el PDF.',
    notice_empty: (p, h) =>
      `${p.pages.length === 1 ? 'La página' : 'Las páginas'} ${h.list(p.pages)} ` +
      `${p.pages.length === 1 ? 'no tiene' : 'no tienen'} capa de texto: probablemente son ` +
      'imágenes escaneadas o texto convertido en trazos. Aplica OCR al PDF (por ejemplo con ' +
      'OCRmyPDF) para obtener ese texto.',
    notice_all_empty: (p) =>
      `${p.pages === 1 ? 'La página no tiene' : `Ninguna de las ${p.pages} páginas tiene`} capa de ` +
      'texto: este PDF es probablemente un escaneo, así que no hay texto que extraer. Aplícale OCR ' +
      '(por ejemplo con OCRmyPDF) y vuelve a intentarlo.',
    notice_garbled: (p, h) =>
      `${p.pages.length === 1 ? 'La página' : 'Las páginas'} ${h.list(p.pages)} ` +
      `${p.pages.length === 1 ? 'usa' : 'usan'} fuentes cuyos caracteres no se pueden identificar` +
      (p.percent ? ` (el ${h.percent(p.percent)} de sus caracteres no tiene un significado conocido)` : '') +
      ', así que ese texto no es fiable. Aplica OCR al PDF (por ejemplo OCRmyPDF con --force-ocr) ' +
      'para obtener texto legible de esas páginas.',
    notice_failed: (p, h) =>
      `No se ${p.pages.length === 1 ? 'pudo' : 'pudieron'} leer ` +
      `${p.pages.length === 1 ? 'la página' : 'las páginas'} ${h.list(p.pages.map((f) => f.number))}, ` +
      `que ${p.pages.length === 1 ? 'falta' : 'faltan'} en el texto: ` +
      h.reasons(p.pages, (n) => `página ${n}`) + '.',
    list_more: (p) => `${p.count} más`,
    reason_content_missing: 'falta su contenido en el archivo (cortado o dañado)',
    reason_page_box: 'no se puede leer su tamaño de página',
    reason_internal: 'un error interno de pdfprose',
    reason_damaged_page: 'no se pudo leer ningún texto de esta página del archivo dañado',
    reason_content_missing_many: 'falta su contenido en el archivo (cortado o dañado)',
    reason_page_box_many: 'no se puede leer su tamaño de página',
    reason_damaged_page_many: 'no se pudo leer ningún texto de estas páginas del archivo dañado',
    notice_cmap_unavailable:
      'No se pudieron cargar los datos de caracteres de las fuentes chinas, japonesas o coreanas de este documento ' +
      '(¿sin conexión?): faltan sus caracteres. Conéctate a internet y conviértelo de nuevo; ' +
      'los datos se guardan entonces para usarlos sin conexión.',

    limit_size: (p, h) =>
      `Este archivo ocupa ${h.decimal(p.mb)} MB; el límite es de ${p.limit} MB. ` +
      'Divídelo o comprímelo y vuelve a intentarlo.',
    limit_pages: (p) =>
      `Este PDF tiene ${p.pages} páginas; el límite es de ${p.limit} páginas. ` +
      'Divídelo en archivos más pequeños y vuelve a intentarlo.',

    error_not_pdf: 'Este archivo no es un PDF.',
    error_empty_file: 'Este archivo está vacío (0 bytes): no hay nada que convertir.',
    notice_one_file: ({ count, name }) => `Se soltaron ${count} archivos; solo se convierte ${name}. Suelta un PDF cada vez.`,
    notice_not_a_file: 'Eso era texto o un enlace, no un archivo: aquí no se descarga nada de la web. Guarda el PDF y suelta el archivo.',
    error_unreadable: 'Este PDF está dañado y no se pudo leer.',
    error_no_pages: 'Este PDF no tiene páginas: no hay nada en él que convertir.',
    page_marker_word: 'página',

    error_truncated: 'Este PDF está cortado (quizá no terminó de descargarse) y no se pudo leer nada de él.',
    error_unsupported_encryption: (p) =>
      `Este PDF está cifrado con un método que pdfprose no puede abrir${p.method ? ` (${p.method})` : ''}.`,
    cause_type3_no_unicode: 'fuentes Type3 sin significado Unicode',
    cause_no_tounicode: 'fuentes sin tabla ToUnicode, cuyos caracteres no se pueden identificar',
    cause_no_usable_encoding: 'subconjuntos de fuentes sin una codificación de caracteres utilizable',
    cause_broken_tounicode: 'fuentes con tablas ToUnicode incompletas o dañadas',
    cause_shifted_encoding: 'fuentes que asignan los caracteres a códigos equivocados (sus letras se leen desplazadas en el alfabeto, así que se muestran como \uFFFD)',
    cause_missing_font: 'fuentes cuyas definiciones faltan en el archivo (está cortado o dañado), así que las letras y los espacios están fuera de lugar',
    cause_unmapped: 'caracteres sin significado Unicode',
    notice_garbled_causes: (p, h) =>
      p.groups
        .map((g) => `${g.pages.length === 1 ? 'La página' : 'Las páginas'} ${h.list(g.pages)} ${g.pages.length === 1 ? 'usa' : 'usan'} ${h.causes([g])}. `)
        .join('') +
      (p.percent ? `El ${h.percent(p.percent)} de los caracteres de ${those(p, 'esa página', 'esas páginas')} no tiene un significado conocido. ` : '') +
      (p.lostFontsOnly
        ? `Ese texto no es fiable: consigue una copia completa del PDF (descárgalo de nuevo) para leer ${those(p, 'esa página', 'esas páginas')}.`
        : 'Ese texto no es fiable: aplica OCR al PDF (por ejemplo OCRmyPDF con --force-ocr) para obtener ' +
          `texto legible de ${those(p, 'esa página', 'esas páginas')}.`),
    notice_damaged: (p, h) =>
      `Este PDF está dañado${p.truncated ? ' (el archivo está cortado)' : ''}: ` +
      (p.readable != null && p.readable < p.recovered
        ? (p.expected > p.recovered ? `se encontraron ${p.recovered} de sus ${p.expected} páginas y se pudieron leer ${p.readable}.`
          : p.recovered === 1 ? 'se encontró 1 página, pero no se pudo leer.'
            : `se encontraron ${p.recovered} páginas y se pudieron leer ${p.readable}.`)
        : p.expected > p.recovered ? `se pudieron recuperar ${p.recovered} de sus ${p.expected} páginas.`
          : p.recovered === 1 ? 'se pudo recuperar 1 página.' : `se pudieron recuperar ${p.recovered} páginas.`) +
      ' Puede que falte texto.',
    notice_content_damaged: (p, h) =>
      `${p.pages.length === 1 ? 'Página' : 'Páginas'} ${h.list(p.pages)}: el contenido está dañado; ` +
      'se conservó el texto anterior al daño.',
    notice_copy_restricted:
      'Los permisos del documento piden no copiar su texto; pdfprose lo extrae para tu uso personal.',
    notice_unmapped_glyphs: (p, h) =>
      `${h.plural(p.count, 'carácter', 'caracteres')} de ${p.pages.length === 1 ? 'la página' : 'las páginas'} ` +
      `${h.list(p.pages)} ${p.count === 1 ? 'no tiene significado Unicode en su fuente' : 'no tienen significado Unicode en sus fuentes'} ` +
      `y se ${p.count === 1 ? 'muestra' : 'muestran'} como \uFFFD: ` +
      `${p.count === 1 ? 'compruébalo' : 'comprueba esos símbolos'} en el PDF.`,
    notice_internal:
      'No se pudieron encontrar títulos, listas ni encabezados (un error interno); el texto se da sin ellos.',
    error_read_failed: 'No se pudo leer el archivo de tu dispositivo.',
    error_internal: (p) => `Algo falló al convertir este PDF (${p.message}).`,
    error_boot: (p) => `El conversor no pudo arrancar (${p.message}). Vuelve a elegir un PDF, o recarga la página, para reintentarlo.`,
  },
};

let language = detectLanguage();

function readStored() {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null; // storage can be blocked (privacy settings): fall back to the browser language
  }
}

export function detectLanguage() {
  const stored = readStored();
  if (LANGUAGES.includes(stored)) return stored;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = String(tag).toLowerCase().split('-')[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return 'en';
}

export function currentLanguage() {
  return language;
}

const helpers = {
  plural: (n, one, many) => `${formatInteger(n)} ${n === 1 ? one : many}`,
  decimal: (x) =>
    new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(x),
  // garbled causes ({key, text}): the engine's keys translated, its English text otherwise
  causes: (causes) =>
    causes.map(({ key, text }) => (STRINGS[language][`cause_${key}`] ?? text ?? key)).join('; '),
  percent: (x) => new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(x),
  // The reason once when every failed page has the same one (a cut-short file's six "page N:
  // its content is missing" read as a stutter), else "page 3: reason; page 7: reason" for up
  // to six failed pages.
  reasons: (failed, name) => {
    const texts = failed.map((f) => reasonText(f));
    if (texts.every((text) => text === texts[0])) return reasonText(failed[0], failed.length);
    return failed
      .slice(0, MAX_LISTED_PAGES)
      .map((f, i) => `${name(f.number)}: ${texts[i]}`)
      .join('; ');
  },
  list: (numbers) => {
    const shown = numbers.slice(0, MAX_LISTED_PAGES).map(String);
    const rest = numbers.length - shown.length;
    if (rest > 0) shown.push(t('list_more', { count: rest }));
    return new Intl.ListFormat(language, { type: 'conjunction' }).format(shown);
  },
};

// A failed page's reason: the engine's reason code translated when there is one (or when its
// English words are known), its own words otherwise.
const REASON_PHRASES = [
  ['its content is missing from the file', 'content_missing'],
  ['unreadable page box', 'page_box'],
  ['internal error', 'internal'],
  ['no text could be read from this page of the damaged file', 'damaged_page'],
];
function reasonText(failed, pages = 1) {
  const reason = failed.reason ?? '';
  const code = failed.code ?? REASON_PHRASES.find(([phrase]) => reason.startsWith(phrase))?.[1];
  const strings = STRINGS[language];
  return (pages > 1 ? strings[`reason_${code}_many`] : undefined) ?? strings[`reason_${code}`] ?? (reason || '?');
}

function formatInteger(n) {
  return new Intl.NumberFormat(language).format(n);
}

/** Every message key of `lang` (the tests check that both languages have the same keys). */
export function messageKeys(lang) {
  return Object.keys(STRINGS[lang] ?? {}).sort();
}

/** The message `key` in the current language, with `params` filled in. */
export function t(key, params = {}) {
  const message = STRINGS[language][key] ?? STRINGS.en[key];
  if (message === undefined) return key;
  if (typeof message === 'function') return message(params, helpers);
  return message.replace(/\{(\w+)\}/g, (_, name) => String(params[name] ?? ''));
}

/** Switch language, remember it, and translate the static markup. */
export function setLanguage(lang) {
  if (!LANGUAGES.includes(lang)) return;
  language = lang;
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // not remembered: the choice still applies to this visit
  }
  translateStatic();
}

export function translateStatic(root = document) {
  document.documentElement.lang = language;
  document.title = t('doc_title');
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll('[data-i18n-label]')) {
    el.setAttribute('aria-label', t(el.dataset.i18nLabel));
  }
}
