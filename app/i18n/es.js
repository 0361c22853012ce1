// Los textos de la página en español (app/i18n.js explica su forma: una cadena con huecos
// {name}, o una función de (params, helpers) donde la gramática pide más).
// Por qué un límite detuvo una página ('part', pdfprose.pdf.guards.STOP_SENTENCES) y su
// valor, ya formateado; undefined para un límite que la página no conoce.
const stopped = (part, limit) => ({
  damaged_operations: `más de ${limit} de sus operaciones de dibujo están dañadas`,
  glyphs: `dibuja más de ${limit} caracteres`,
  figures: `dibuja más de ${limit} formas e imágenes`,
  nested_figures: `dibuja más de ${limit} formas dentro de formas dentro de formas`,
  figure_depth: `anida formas a más de ${limit} niveles`,
  operators: `ejecuta más de ${limit} operaciones de dibujo`,
  operands: `acumula más de ${limit} operandos sin ninguna operación de dibujo que los tome`,
})[part];

export default {
  doc_title: 'pdfprose: de PDF a texto, en tu dispositivo',
  language: 'Idioma',
  title: 'De PDF a texto, en tu dispositivo',
  intro:
    'pdfprose extrae el texto de un PDF y reconstruye sus párrafos, columnas y títulos como texto ' +
    'plano o Markdown. Todo ocurre en esta pestaña del navegador: tu archivo nunca se sube.',
  drop_title: 'Suelta aquí PDF o una carpeta',
  drop_or: 'o',
  choose: 'Elige archivos',
  choose_folder: 'Elige una carpeta',
  drop_hint: (p, h) => `Hasta ${h.limits.mb} MB y ${h.limits.pages} páginas.`,
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
  opt_tables: 'Tablas',
  tables_table: 'como tablas',
  tables_text: 'como texto',
  view_legend: 'Vista',
  view_source: 'Markdown',
  view_rendered: 'Vista previa',
  view_both: 'Ambas',
  output_label: 'Texto convertido',
  rendered_label: 'Vista previa del Markdown',
  pages_hint: 'Elige una página para ir a su texto (las flechas pasan de una página a otra).',
  pages_hint_touch: 'Toca una página para ir a su texto.',
  legend_title: 'Qué muestran los dibujos',
  legend_columns: 'Líneas de las columnas 1, 2, 3 y 4',
  legend_span: 'Líneas a todo el ancho',
  legend_aside: 'Columnas demasiado estrechas o cortas para contar como texto (notas al margen, números de línea)',
  legend_rotated: 'Texto girado o vertical',
  legend_form: 'Campos de formulario',
  legend_table: 'Tablas, con sus celdas',
  legend_furniture: 'Encabezados y pies de página (tachados si se quitan)',
  legend_order: 'Bloques numerados en orden de lectura',
  legend_empty: 'Sin capa de texto',
  legend_garbled: 'Fuentes ilegibles',
  page_no_text: (p) => `La página ${p.number} no tiene texto en la salida.`,
  page_not_ready: 'El texto aparece cuando se han leído todas las páginas.',
  options_when_read: 'El texto aparece cuando se han leído todas las páginas, con las opciones elegidas arriba.',
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
  notice_slow:
    'Este archivo está tardando más de lo normal: puede estar dañado o hecho para bloquear a los lectores. ' +
    'Cancelar lo detiene; los demás archivos no se ven afectados.',
  error_gave_up: (p) =>
    `pdfprose abandonó este archivo tras ${p.seconds} s sin avanzar: puede estar dañado o hecho para ` +
    'bloquear a los lectores. Se reinició el conversor; los demás archivos se convierten con normalidad.',
  error_memory:
    'El conversor se quedó sin memoria con este PDF. Se está reiniciando; un archivo más pequeño, ' +
    'o el documento dividido en partes, debería funcionar.',
  offline_ready: 'Desde ahora funciona sin conexión.',

  status_loading: 'Cargando el conversor…',
  status_loading_queued: (p) => `Cargando el conversor; ${p.name} empezará en cuanto esté listo…`,
  status_ready: 'Listo. Suelta un PDF para empezar.',
  status_cancelled: 'Cancelado. Listo para otro PDF.',
  status_cancelled_rest: 'Cancelado. La lista se detiene aquí: «Convertir el resto» convierte los archivos que quedan.',
  status_opening: (p) => `Abriendo ${p.name}…`,
  status_working: (p) => `Leyendo ${p.name}… ${p.done} de ${p.total} ${p.total === 1 ? 'página lista' : 'páginas listas'}.`,
  status_finishing: (p, h) => `Armando ${p.name} (${h.plural(p.total, 'página leída', 'páginas leídas')})…`,
  status_done: (p, h) =>
    `Hecho: ${p.name ? `${p.name}, ` : ''}${h.plural(p.pages, 'página', 'páginas')} en ${h.seconds(p.seconds)}.`,
  status_done_incomplete: (p, h) =>
    `Hecho: ${p.name ? `${p.name}, ` : ''}${h.plural(p.pages, 'página', 'páginas')} en ${h.seconds(p.seconds)}, con caracteres que faltan (lee el aviso).`,
  status_done_damaged: (p, h) =>
    `Hecho: ${p.name ? `${p.name}, ` : ''}${h.plural(p.pages, 'página', 'páginas')} en ${h.seconds(p.seconds)}, de un archivo dañado (lee el aviso).`,
  status_error: (p) => `No se pudo convertir ${p.name}.`,
  seconds_under: 'menos de {tenth} s',
  // The end of a list of files: the shown file's own status, then what became of them all.
  status_queue_end: (p, h) =>
    `${p.file ? `${h.message(...p.file)} ` : ''}Lista terminada: ${h.message('queue_summary', p)}`,
  status_boot_error: 'El conversor no pudo arrancar.',

  page_item: (p) => `Página ${p.number}`,
  columns: (p, h) => h.plural(p.columns, 'columna', 'columnas'),
  tables_count: (p, h) => h.plural(p.tables, 'tabla', 'tablas'),
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
  // Una página que un límite detuvo antes de dibujar nada: qué límite.
  reason_stopped: (p, h) => {
    const why = stopped(p.part, h.figure(p.limit));
    return why && `no se pudo leer su contenido: ${why} (un archivo dañado o malicioso)`;
  },
  reason_content_cut: 'su texto se perdió: su contenido se cortó en el límite de descompresión del archivo (un archivo dañado o malicioso, no un escaneo)',
  reason_content_cut_many: 'su texto se perdió: su contenido se cortó en el límite de descompresión del archivo (un archivo dañado o malicioso, no un escaneo)',
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

  error_not_pdf: 'Este archivo no es un PDF (no tiene la cabecera %PDF-).',
  error_empty_file: 'Este archivo está vacío (0 bytes): no hay nada que convertir.',
  notice_not_a_file: 'Eso era texto o un enlace, no un archivo: aquí no se descarga nada de la web. Guarda el PDF y suelta el archivo.',
  // Un archivo del que falló cada página (el código unreadable de la línea de órdenes).
  error_no_page_read: (p, h) => `No se pudo leer ninguna página (${h.reasons(p.pages, (n) => `página ${n}`)}).`,
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
    (p.percent ? `El ${h.percent(p.percent)} de los caracteres de ${h.those(p, 'esa página', 'esas páginas')} no tiene un significado conocido. ` : '') +
    (p.lostFontsOnly
      ? `Ese texto no es fiable: consigue una copia completa del PDF (descárgalo de nuevo) para leer ${h.those(p, 'esa página', 'esas páginas')}.`
      : 'Ese texto no es fiable: aplica OCR al PDF (por ejemplo OCRmyPDF con --force-ocr) para obtener ' +
        `texto legible de ${h.those(p, 'esa página', 'esas páginas')}.`),
  notice_damaged: (p, h) =>
    `Este PDF está dañado${p.truncated ? ' (el archivo está cortado)' : ''}: ` +
    (p.readable != null && p.readable < p.recovered
      ? (p.expected > p.recovered ? `se ${p.recovered === 1 ? 'encontró' : 'encontraron'} ${p.recovered} de sus ${p.expected} páginas y se ${p.readable === 1 ? 'pudo' : 'pudieron'} leer ${p.readable}.`
        : p.recovered === 1 ? 'se encontró 1 página, pero no se pudo leer.'
          : `se encontraron ${p.recovered} páginas y se ${p.readable === 1 ? 'pudo' : 'pudieron'} leer ${p.readable}.`)
      : p.expected > p.recovered ? `se ${p.recovered === 1 ? 'pudo' : 'pudieron'} recuperar ${p.recovered} de sus ${p.expected} páginas.`
        : p.recovered === 1 ? 'se pudo recuperar 1 página.' : `se pudieron recuperar ${p.recovered} páginas.`) +
    ' Puede que falte texto.',
  // El contenido dañado de una página, según cómo ('kind' del motor); si la detuvo un límite,
  // cuál ('part', pdfprose.pdf.guards.STOP_SENTENCES) y su valor; si no, las palabras del motor.
  notice_content_damaged: (p, h) => {
    const page = p.pages[0];
    if (p.kind === 'stopped') {
      const limit = h.figure(p.values?.limit);
      const why = stopped(p.part, limit) ?? p.reason;
      if (why) return `La página ${page} se cortó: ${why} (un archivo dañado o malicioso); se conservó el texto anterior a ese punto.`;
    }
    if (p.kind === 'broken') {
      // The engine's reason is a code ('code syntax': pdfprose.pdf.limits.read_code).
      const code = p.reason ? ` (${p.reason.replace(/^code /, 'código ')})` : '';
      return `Página ${page}: el flujo de contenido está dañado${code}; se conservó el texto anterior al daño.`;
    }
    if (p.kind === 'corrupted') {
      return `Página ${page}: el flujo de contenido está dañado (sus datos comprimidos están corruptos); se conservó el texto anterior al daño.`;
    }
    if (p.kind === 'skipped') {
      return p.pages.length === 1
        ? `Página ${page}: algunas de sus operaciones de dibujo están dañadas y se omitieron; se leyó el resto de la página.`
        : `Las páginas ${h.list(p.pages)} tienen operaciones de dibujo dañadas que se omitieron; se leyó el resto de cada página.`;
    }
    return `${p.pages.length === 1 ? 'Página' : 'Páginas'} ${h.list(p.pages)}: el contenido está dañado; ` +
      'se conservó el texto anterior al daño.';
  },
  notice_copy_restricted:
    'Los permisos del documento piden no copiar su texto; pdfprose lo extrae para tu uso personal.',
  notice_hidden_text: (p, h) =>
    `${p.pages.length === 1 ? 'La página' : 'Las páginas'} ${h.list(p.pages)} ` +
    `${p.pages.length === 1 ? 'dibuja todo su' : 'dibujan todo su'} texto donde un lector no puede verlo ` +
    '(invisible, en el color de su fondo o fuera de la página) y ' +
    `${p.pages.length === 1 ? 'no dibuja' : 'no dibujan'} ninguna imagen: ` +
    `se ${p.count === 1 ? 'omitió' : 'omitieron'} ${h.plural(p.count, 'carácter', 'caracteres')} como texto oculto. ` +
    'No es un escaneo: el texto está en el archivo, dibujado de modo que no se ve.',
  notice_unmapped_glyphs: (p, h) =>
    `${h.plural(p.count, 'carácter', 'caracteres')} de ${p.pages.length === 1 ? 'la página' : 'las páginas'} ` +
    `${h.list(p.pages)} ${p.count === 1 ? 'no tiene significado Unicode en su fuente' : 'no tienen significado Unicode en sus fuentes'} ` +
    `y se ${p.count === 1 ? 'muestra' : 'muestran'} como \uFFFD: ` +
    `${p.count === 1 ? 'compruébalo' : 'comprueba esos símbolos'} en el PDF.`,
  // Un límite de lectura agotado (pdfprose.budgets.ReadBudgets): la parte donde se agotó, con las
  // cifras que dio el motor ('values'); una parte que esta página no conoce se dice con las del motor.
  notice_limit_reached: (p) => {
    const v = p.values ?? {};
    const used = { 'its CropBox': 'su CropBox', "the parent's MediaBox": 'la MediaBox de su padre', 'US Letter': 'el tamaño carta (US Letter)' }[v.used] ?? v.used;
    const said = {
      reference_loop: 'algunos de sus objetos se refieren a sí mismos en bucle; se leyeron como vacíos (un archivo dañado o malicioso)',
      page_labels: 'sus etiquetas de página forman un bucle o no terminan; se omitieron',
      nesting: `algunas de sus estructuras (arreglos o diccionarios) se anidan a más de ${v.limit} niveles; lo que hay más adentro se leyó como vacío (un archivo dañado o malicioso)`,
      stream_size: `un flujo se descomprime a más de lo que puede ocupar todo el archivo (${v.limit}); se cortó ahí y se pierde el texto posterior`,
      fonts: `${v.count} de sus fuentes ${v.count === 1 ? 'asigna o dimensiona' : 'asignan o dimensionan'} más códigos de los que una fuente puede tener; se omitieron los códigos de más`,
      font_nesting: `${v.count} de sus fuentes ${v.count === 1 ? 'anida' : 'anidan'} arreglos o diccionarios a más de ${v.limit} niveles en sus mapas de caracteres o programas; se omitió lo que hay más adentro (un archivo dañado o malicioso)`,
      graphics_states: `guarda más de ${v.limit} estados gráficos sin restaurarlos; se ${v.count === 1 ? 'ignoró' : 'ignoraron'} ${v.count}`,
      annotations: `tiene ${v.count} anotaciones; solo se dibujaron las ${v.limit} primeras`,
      shapes: `dibuja más de ${v.limit} líneas y recuadros; se buscaron tablas entre los ${v.limit} primeros (${v.count} más no se ${v.count === 1 ? 'conservó' : 'conservaron'})`,
      page_box: `su tamaño de página (MediaBox) no es un tamaño (${v.box}); se usó ${used}`,
    }[p.part];
    if (!said) return p.message ?? '';
    return `${p.pages.length ? `Página ${p.pages[0]}` : 'El archivo'}: ${said}.`;
  },
  notice_repaired: (p) =>
    `El archivo: ${p.count} de sus flujos ${p.count === 1 ? 'declaraba' : 'declaraban'} una longitud errónea; ${p.count === 1 ? 'se leyó' : 'cada uno se leyó'} hasta su 'endstream'.`,
  notice_internal:
    'No se pudieron encontrar títulos, listas ni encabezados (un error interno); el texto se da sin ellos.',
  error_read_failed: 'No se pudo leer el archivo de tu dispositivo.',
  error_internal: (p) => `Algo falló al convertir este PDF (${p.message}).`,
  error_boot: (p) => `El conversor no pudo arrancar (${p.message}). Vuelve a elegir un PDF, o recarga la página, para reintentarlo.`,

  queue_heading: 'Archivos',
  queue_summary: (p, h) =>
    `${p.done} de ${p.total} ${p.done === 1 ? 'convertido' : 'convertidos'}` + (p.noText ? ` (${p.noText} sin capa de texto)` : '') + (p.failed ? `, ${h.plural(p.failed, 'fallido', 'fallidos')}` : '') +
    (p.skipped ? `, ${h.plural(p.skipped, 'omitido', 'omitidos')}` : '') +
    (p.cancelled ? `, ${h.plural(p.cancelled, 'cancelado', 'cancelados')}` : '') + (p.waiting ? `, ${p.waiting} en espera` : '') + '.',
  queue_partial: (p, h) =>
    `${p.name} se convirtió en parte: no se ${p.pages.length === 1 ? 'pudo leer la página' : 'pudieron leer las páginas'} ${h.list(p.pages)}.`,
  queue_waiting: 'En espera',
  queue_opening: 'Abriendo…',
  queue_working: (p) => `Convirtiendo: ${p.done} de ${p.total} ${p.total === 1 ? 'página' : 'páginas'}`,
  queue_password: 'Esperando su contraseña',
  queue_done: (p, h) =>
    `Hecho: ${h.plural(p.pages, 'página', 'páginas')}` + (p.empty ? ', sin texto que leer' : '') +
    (p.notices ? `, ${h.plural(p.notices, 'aviso', 'avisos')}` : ''),
  queue_failed: 'Falló',
  error_password_skipped: 'Este PDF está protegido con una contraseña y no se dio ninguna: se omitió.',
  queue_skipped: 'Omitido (sin contraseña)',
  queue_cancelled: 'Cancelado',
  queue_remove: (p) => `Quitar ${p.name} de la lista`,
  queue_resume: 'Convertir el resto',
  queue_clear: 'Vaciar la lista',
  download_all: 'Descargar todo (.zip)',
  download_all_wait: 'Descargar todo se ofrece cuando termina la lista; Cancelar la detiene, para llevarse los textos hechos hasta ahora.',
  zip_name: (p) => (p.folder ? `${p.folder} - textos.zip` : 'textos pdfprose.zip'),
  password_skip: 'Omitir este archivo',
  notice_duplicate: (p) => (p.count === 1
    ? `${p.name} ya está en la lista (mismo nombre, tamaño y fecha): no se añadió otra vez.`
    : `${p.count} archivos ya están en la lista (mismo nombre, tamaño y fecha): no se añadieron otra vez.`),
  notice_no_pdf: 'En esa carpeta no hay ningún PDF.',
};
