"""pdfminer.six's page interpreter with what the collector needs to judge what a reader sees
(the clipping path's box, shadings, the graphics state a form starts from), and the appearances
of a page's visible annotations (form fields) drawn after its content; its work is bounded by
the page's budget (:class:`pdfprose.pdf.guards.PageBudget`, limits from
:class:`pdfprose.budgets.ReadBudgets`): operators (an inline image is one), saved graphics
states, annotations.
"""

from __future__ import annotations

from collections.abc import Sequence

from pdfminer.pdfinterp import PDFPageInterpreter
from pdfminer.pdfpage import PDFPage
from pdfminer.pdftypes import PDFStream, resolve1
from pdfminer.psparser import PSLiteral, literal_name
from pdfminer.utils import mult_matrix

from . import guards
from .collector import GlyphCollector
from .fields import field_value, value_stream
from .pdfspace import page_ctm
from .visibility import Box, apply_matrix, path_box

class PageInterpreter(PDFPageInterpreter):
    """pdfminer's interpreter, with what the collector needs to judge what a reader sees.

    - the bounding box of the current clipping path (``W``/``W*``), saved and restored with the
      graphics state, handed to the device: text outside it is not drawn;
    - shadings (``sh``) reported to the device as areas of unknown colour;
    - after a form XObject the device's CTM is restored (pdfminer leaves the form's last CTM
      there until the next ``cm`` or ``Q``, which misplaces text that follows at once), and a
      form starts from the graphics state (colours) it is invoked with (ISO 32000-1, 8.10.1).
    """

    def init_resources(self, resources):  # type: ignore[no-untyped-def]
        guards.init_resources(self, resources)

    def execute(self, streams: Sequence[object]) -> None:
        guards.execute(self, streams)

    def pop(self, n: int) -> list:  # type: ignore[type-arg]
        """pdfminer's ``pop``, taking the operands off the stack in place: pdfminer copies the
        rest of the stack at each operator, quadratic in the operands a damaged page leaves
        behind (one extra operand before each of half a million operators: minutes)."""
        if n == 0:
            return []
        stack = self.argstack
        args = stack[-n:]
        del stack[-n:]
        return args

    def do_Tf(self, fontid, fontsize) -> None:  # type: ignore[no-untyped-def]
        # A font the resources do not name: pdfminer makes a new default font at every such
        # Tf (133 µs each, ten million in a hostile file); one per interpreter serves them all.
        if isinstance(self.fontmap, dict) and literal_name(fontid) not in self.fontmap:
            missing = getattr(self.rsrcmgr, "missing_font", None)
            if missing is None:
                missing = self.rsrcmgr.get_font(None, {})
                self.rsrcmgr.missing_font = missing
            self.fontmap[literal_name(fontid)] = missing
        super().do_Tf(fontid, fontsize)

    def init_state(self, ctm):  # type: ignore[no-untyped-def]
        super().init_state(ctm)
        inherited = getattr(self, "_inherited", None)
        self._clips: list[Box | None] = []
        if inherited is not None:
            self.graphicstate = inherited[0].copy()
            self._clip: Box | None = inherited[1]
        else:
            self._clip = None
        self._set_device_clip()

    def _set_device_clip(self) -> None:
        device = self.device
        if isinstance(device, GlyphCollector):
            device.clip = self._clip

    def subinterp(self):  # type: ignore[no-untyped-def]
        interp = super().subinterp()
        interp._inherited = (self.graphicstate.copy(), self._clip)
        return interp

    def do_q(self) -> None:
        budget = getattr(self.device, "budget", None)
        if budget is not None and len(self.gstack) >= budget.limits.state_depth:
            budget.states_dropped += 1  # past any real nesting: not kept (see ReadBudgets)
            return
        super().do_q()
        self._clips.append(self._clip)

    def do_Q(self) -> None:
        super().do_Q()
        if self._clips:
            self._clip = self._clips.pop()
            self._set_device_clip()

    def _narrow_clip(self) -> None:
        box = path_box(self.curpath, self.ctm)
        if box is None:
            return
        if self._clip is not None:
            x0, y0, x1, y1 = self._clip
            box = (max(x0, box[0]), max(y0, box[1]), min(x1, box[2]), min(y1, box[3]))
            if box[0] > box[2] or box[1] > box[3]:
                box = (box[0], box[1], box[0], box[1])  # empty: nothing shows
        self._clip = box
        self._set_device_clip()

    def do_W(self) -> None:
        self._narrow_clip()

    def do_W_a(self) -> None:
        self._narrow_clip()

    def do_sh(self, name: object) -> None:
        device = self.device
        if isinstance(device, GlyphCollector):
            device.paint_unknown(self._clip)

    def do_Do(self, xobjid_arg) -> None:  # type: ignore[no-untyped-def]
        super().do_Do(xobjid_arg)
        self.device.set_ctm(self.ctm)
        self._set_device_clip()

    def do_BDC(self, tag, props) -> None:  # type: ignore[no-untyped-def]
        """``BDC`` whose property list may be named: a name is looked up in the resources'
        /Properties (ISO 32000-1, 14.6.2), where Word and Acrobat keep /ActualText and
        /Artifact lists."""
        if isinstance(props, PSLiteral):
            try:
                named = resolve1(resolve1(self.resources or {}).get("Properties"))
                props = resolve1(named.get(props.name)) if isinstance(named, dict) else None
            except Exception:  # noqa: BLE001 - a broken list costs its marks, not the page
                props = None
        super().do_BDC(tag, props)


ANNOT_HIDDEN = 1 << 1
ANNOT_NOVIEW = 1 << 5
"""Annotation /F flags (ISO 32000-1, 12.5.3): Hidden and NoView annotations are not shown."""


def render_annotations(interpreter: PDFPageInterpreter, page: PDFPage,
                       regenerate: bool = False) -> None:
    """Render the normal appearance of the page's visible annotations (filled-in form fields,
    widget captions, stamps) after its content, as a viewer does: text a reader sees on the page
    is part of it even when it lives in an annotation (ISO 32000-1, 12.5.5). A field without an
    appearance, or whose appearance draws no text where the form asks for new ones
    (``regenerate``: /NeedAppearances), shows its value (:mod:`pdfprose.pdf.fields`)."""
    try:
        annots = resolve1(page.annots) if page.annots else None
    except Exception:  # noqa: BLE001
        return
    if not isinstance(annots, list):
        return
    ctm = page_ctm(page)
    device = interpreter.device
    budget = getattr(device, "budget", None)
    if budget is not None and len(annots) > budget.limits.annotations_per_page:
        # Past any real page's count: only the first ones are drawn, and the page says so.
        budget.annotations = len(annots)
        annots = annots[: budget.limits.annotations_per_page]
    if isinstance(device, GlyphCollector):
        device.close_marked()
        device.form = True
    try:
        _render_appearances(interpreter, page, annots, ctm, regenerate)
    finally:
        if isinstance(device, GlyphCollector):
            device.form = False


def _drawn(device: object) -> int:
    """How many glyphs the collector has met so far, seen or not."""
    if not isinstance(device, GlyphCollector):
        return 0
    return len(device.glyphs) + len(device.invisible) + device.hidden


def _render_appearances(interpreter: PDFPageInterpreter, page: PDFPage, annots: list,
                        ctm: tuple[float, ...], regenerate: bool) -> None:
    for ref in annots:
        try:
            annot = resolve1(ref)
            if not isinstance(annot, dict):
                continue
            if int(resolve1(annot.get("F", 0)) or 0) & (ANNOT_HIDDEN | ANNOT_NOVIEW):
                continue
            rect = [float(resolve1(v)) for v in resolve1(annot.get("Rect"))]
            rx0, ry0, rx1, ry1 = min(rect[0], rect[2]), min(rect[1], rect[3]), max(rect[0], rect[2]), max(rect[1], rect[3])
            before = _drawn(interpreter.device)
            drawn = _render_appearance(interpreter, page, annot, (rx0, ry0, rx1, ry1), ctm)
            if (regenerate or not drawn) and _drawn(interpreter.device) == before:
                # A filled-in field whose widget draws nothing: its value is drawn as a viewer
                # draws it (pdfprose.pdf.fields).
                lines = field_value(annot)
                if lines:
                    stream, resources = value_stream(annot, lines, rx1 - rx0, ry1 - ry0)
                    interpreter.render_contents(resources, [stream],
                                                ctm=mult_matrix((1, 0, 0, 1, rx0, ry0), ctm))
        except guards.PageTooComplex:
            return  # the page's budget is spent: no further annotation is drawn
        except Exception:  # noqa: BLE001 - a broken annotation costs itself, not the page
            continue


def _render_appearance(interpreter: PDFPageInterpreter, page: PDFPage, annot: dict,
                       rect: tuple[float, float, float, float], ctm: tuple[float, ...]) -> bool:
    """Draw an annotation's normal appearance (/AP /N, in the state /AS names) over ``rect``;
    False when it has none."""
    ap = resolve1(annot.get("AP"))
    if not isinstance(ap, dict):
        return False
    normal = resolve1(ap.get("N"))
    if isinstance(normal, dict) and not isinstance(normal, PDFStream):
        state = resolve1(annot.get("AS"))
        name = getattr(state, "name", None)
        normal = resolve1(normal.get(name)) if name else None
    if not isinstance(normal, PDFStream):
        return False
    rx0, ry0, rx1, ry1 = rect
    bbox = [float(resolve1(v)) for v in resolve1(normal.get("BBox", list(rect)))]
    matrix = tuple(float(resolve1(v)) for v in resolve1(normal.get("Matrix", [1, 0, 0, 1, 0, 0])))
    # Map the appearance's transformed BBox onto the annotation's Rect (12.5.5, step 2).
    corners = [apply_matrix(matrix, x, y) for x, y in ((bbox[0], bbox[1]), (bbox[2], bbox[3]),
                                                 (bbox[0], bbox[3]), (bbox[2], bbox[1]))]
    tx0, ty0 = min(c[0] for c in corners), min(c[1] for c in corners)
    tx1, ty1 = max(c[0] for c in corners), max(c[1] for c in corners)
    sx = (rx1 - rx0) / (tx1 - tx0) if tx1 > tx0 else 1.0
    sy = (ry1 - ry0) / (ty1 - ty0) if ty1 > ty0 else 1.0
    fit = (sx, 0.0, 0.0, sy, rx0 - tx0 * sx, ry0 - ty0 * sy)
    full = mult_matrix(mult_matrix(matrix, fit), ctm)
    resources = resolve1(normal.get("Resources")) or page.resources
    interpreter.render_contents(resources, [normal], ctm=full)
    return True
