"""The words and numbers that fill generated tables and the prose around them, per locale.

Every function takes a :class:`random.Random`, so a seed gives the same text every time. Values
are written the way documents in each locale print them: grouping and decimal separators
(``-4,648,986.52``, ``12,50 €``, ``45 426``), signs, accounting parentheses, currency, units
(``16.5 %``, ``25.47x``), dates and codes.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

LOCALES = ("en", "es", "zh")

EN_WORDS = """
account action activity address agency amount analysis annual area asset average balance
bank basis benefit board branch budget building capital care case cash center change charge
city claim class client coast code committee community company contract control cost council
country county court credit customer data debt delivery demand department deposit design
development device director district division document energy equipment estate event expense
facility factor family field figure finance fund growth health housing income index industry
insurance interest inventory invoice labor land level liability license loan market measure
member method model month network notice office order output owner payment period permit
person plan plant policy pool price process product program project property provider rate
record region report research reserve resource result revenue review risk road sales sample
school sector security service share site source staff standard station stock storage supply
support system tax team term test total trade training transfer transport trust unit usage
value vehicle volume water week weight work year yield
""".split()

EN_ADJ = """
active annual basic central current daily direct early external final fixed general gross
high initial internal joint large local long major minor monthly national net new normal
public regional short special standard total variable weekly
""".split()

ES_WORDS = """
acción actividad agua ahorro año área balance banco base beneficio capital cargo caso centro
ciudad cliente código comisión compañía compra consejo consumo contrato control coste crédito
cuenta cuota datos demanda depósito desarrollo deuda dirección distrito documento empresa
energía entrega equipo estudio factura fondo gasto gestión importe impuesto índice informe
interés inversión límite mercado método modelo moneda mes nivel número obra oficina orden
pago país período plan plazo política precio préstamo producto programa proyecto provincia
recurso red región registro renta resultado riesgo saldo salud sector seguro servicio sistema
sociedad solicitud suministro tarifa tasa tiempo título total transporte tributo unidad uso
valor venta vivienda volumen zona
""".split()

ES_ADJ = """
anual básico bruto central corriente diario directo externo final fijo general inicial
interno local mensual nacional neto nuevo normal público regional semanal total variable
""".split()

ZH_WORDS = """
资产 负债 项目 金额 余额 期末 期初 增减 原因 变动 货币 资金 结算 备付 拆出 应收 票据
账款 预付 款项 保费 利息 股利 存货 合同 持有 待售 流动 长期 投资 固定 工程 无形 商誉
费用 递延 所得 短期 借款 应付 职工 薪酬 税费 其他 利润 收入 成本 营业 管理 研发 财务
减值 损失 收益 净额 现金 流量 经营 活动 筹资 分配 股本 公积 盈余 未分配 合计 总计 本期
上期 报告 单位 公司 集团 子公司 客户 供应商 地区 华北 华东 华南 西南 东北 西北 产品 服务
销售 采购 生产 设备 材料 运输 能源 电力 水务 环境 技术 软件 咨询 增加 减少 到期 重分类
""".split()

PLACES_EN = """
Springfield Riverside Fairview Georgetown Salem Madison Clinton Franklin Greenville Bristol
Oakland Ashland Milton Dover Hudson Kingston Lebanon Marion Newport Oxford Auburn Burlington
Clayton Dayton Jackson Lexington Manchester Monroe Plymouth Winchester
""".split()

PLACES_ES = """
Sevilla Valencia Zaragoza Málaga Murcia Palma Bilbao Alicante Córdoba Valladolid Vigo Gijón
Granada Oviedo Badalona Cartagena Terrassa Jerez Sabadell Móstoles Alcalá Pamplona Almería
Burgos Santander Castellón Albacete Logroño Badajoz Salamanca Huelva Lleida Tarragona León
""".split()

PLACES_ZH = """
北京 上海 广州 深圳 天津 重庆 成都 武汉 南京 西安 杭州 沈阳 哈尔滨 长春 大连 青岛 济南 郑州
长沙 昆明 福州 厦门 合肥 南昌 太原 石家庄 兰州 贵阳 南宁 海口
""".split()

SUFFIX_EN = ["Inc.", "LLC", "Corporation", "Company", "Group", "Holdings", "Partners", "Ltd."]
SUFFIX_ES = ["S.A.", "S.L.", "y Asociados", "Grupo", "Servicios", "Hermanos"]
SUFFIX_ZH = ["有限公司", "股份有限公司", "集团", "分公司", "研究院"]


@dataclass(frozen=True, slots=True)
class NumberStyle:
    """How numbers are printed: the grouping separator (``""`` for none), the decimal
    separator, and negatives as ``-x`` or ``(x)``."""

    group: str
    decimal: str
    parentheses: bool = False

    def format(self, value: float, decimals: int, sign: bool = False) -> str:
        negative = value < 0
        text = f"{abs(value):,.{decimals}f}"
        whole, _, frac = text.partition(".")
        whole = whole.replace(",", self.group)
        out = whole + (self.decimal + frac if decimals else "")
        if negative:
            return f"({out})" if self.parentheses else "-" + out
        return "+" + out if sign and value > 0 else out


def number_style(rng: random.Random, locale: str) -> NumberStyle:
    if locale == "es":
        return rng.choice([NumberStyle(".", ","), NumberStyle(" ", ","), NumberStyle("", ",")])
    if locale == "zh":
        return NumberStyle(",", ".")
    return rng.choice([NumberStyle(",", "."), NumberStyle(",", ".", parentheses=True),
                       NumberStyle(" ", "."), NumberStyle("", ".")])


def _pick(rng: random.Random, pool: list[str], k: int) -> list[str]:
    return [rng.choice(pool) for _ in range(k)]


def words(rng: random.Random, locale: str, k: int) -> list[str]:
    """``k`` words (Chinese: ``k`` two-character terms)."""
    if locale == "zh":
        return _pick(rng, ZH_WORDS, k)
    pool = ES_WORDS + ES_ADJ if locale == "es" else EN_WORDS + EN_ADJ
    return _pick(rng, pool, k)


def phrase(rng: random.Random, locale: str, lo: int, hi: int, title: bool = True) -> str:
    """A short label of ``lo``..``hi`` words, its first letter capital."""
    w = words(rng, locale, rng.randint(lo, hi))
    if locale == "zh":
        return "".join(w)
    text = " ".join(w)
    return text[:1].upper() + text[1:] if title else text


def sentence(rng: random.Random, locale: str, lo: int = 8, hi: int = 18) -> str:
    """One sentence of prose, now and then with a number in it."""
    n = rng.randint(lo, hi)
    if locale == "zh":
        parts = []
        while n > 0:
            k = min(n, rng.randint(3, 6))
            parts.append("".join(words(rng, "zh", k)))
            n -= k
        if rng.random() < 0.3:
            parts.insert(rng.randrange(len(parts) + 1), f"{rng.randint(2, 98)}%")
        return "，".join(parts) + "。"
    w = words(rng, locale, n)
    if rng.random() < 0.35:
        w.insert(rng.randrange(1, len(w)), rng.choice(
            [str(rng.randint(1990, 2030)), f"{rng.randint(2, 98)}%", str(rng.randint(2, 400))]))
    if n > 10 and rng.random() < 0.5:
        w[rng.randrange(3, n - 3)] += ","
    text = " ".join(w)
    return text[:1].upper() + text[1:] + "."


def paragraph(rng: random.Random, locale: str, sentences: int) -> str:
    joiner = "" if locale == "zh" else " "
    return joiner.join(sentence(rng, locale) for _ in range(sentences))


def name(rng: random.Random, locale: str) -> str:
    """A company or place name (``Riverside Trust Group``, ``广州产品有限公司``)."""
    if locale == "zh":
        return rng.choice(PLACES_ZH) + "".join(words(rng, "zh", rng.randint(1, 2))) + \
            rng.choice(SUFFIX_ZH)
    places = PLACES_ES if locale == "es" else PLACES_EN
    suffix = SUFFIX_ES if locale == "es" else SUFFIX_EN
    core = rng.choice(places) + " " + phrase(rng, locale, 1, 2).title()
    return core + (" " + rng.choice(suffix) if rng.random() < 0.7 else "")


def place(rng: random.Random, locale: str) -> str:
    return rng.choice({"es": PLACES_ES, "zh": PLACES_ZH}.get(locale, PLACES_EN))


# Column kinds: what a column of a generated table holds.
TEXT_KINDS = ("label", "name", "place", "text", "code")
NUMBER_KINDS = ("int", "decimal", "money", "percent", "unit", "ratio", "date")

_UNITS = ("kg", "km", "ms", "MW", "GB", "m²", "h", "t", "l", "kWh")
_CJK_UNITS = tuple(u for u in _UNITS if u.isascii())  # STSong-Light has no "²"


@dataclass(slots=True)
class ValueMaker:
    """Makes the values of one column of one kind, in one locale and number style."""

    kind: str
    locale: str
    numbers: NumberStyle
    decimals: int = 2
    signed: bool = False
    currency: str = ""
    unit: str = ""
    magnitude: float = 1e4
    percent_space: bool = False  # "16.5 %" rather than "16.5%", for the whole column
    last: int = 0  # a "rising" column's value in the row above

    def rising(self, rng: random.Random) -> str:
        """A value of a column that rises down the table, as page numbers do: a row counter,
        a year, or a running total (the magnitude picks which, for the whole column)."""
        if not self.last:
            self.last = {100: 0, 1000: 1990}.get(self.magnitude, rng.randint(10, 500))
        if self.magnitude in (100, 1000):
            self.last += 1
            return str(self.last)  # a counter or a year, never grouped ("1,991")
        self.last += rng.randint(5, 400)
        return self.numbers.format(self.last, 0, False)

    def make(self, rng: random.Random) -> str:
        k = self.kind
        if k == "label":
            return phrase(rng, self.locale, 1, 3)
        if k == "name":
            return name(rng, self.locale)
        if k == "place":
            return place(rng, self.locale)
        if k == "text":
            if self.locale == "zh":
                return "".join(words(rng, "zh", rng.randint(6, 18)))
            return sentence(rng, self.locale, 6, 22)
        if k == "code":
            return f"{rng.choice('ABCDEFGHKMPRSTX')}{rng.choice('-/ ')}{rng.randint(1, 999):03d}"
        if k == "date":
            y, m, d = rng.randint(2009, 2029), rng.randint(1, 12), rng.randint(1, 28)
            if self.locale == "zh":
                return f"{y}-{m:02d}-{d:02d}"
            return f"{d:02d}/{m:02d}/{y}" if self.locale == "es" else f"{m:02d}/{d:02d}/{y}"
        if k == "rising":
            return self.rising(rng)
        value = rng.random() * self.magnitude * rng.choice((1, 1, 1, 0.1, 0.01))
        if self.signed and rng.random() < 0.4:
            value = -value
        if k == "int":
            return self.numbers.format(round(value), 0, self.signed)
        # a number with a unit after it takes a minus sign, never accounting parentheses
        plain = NumberStyle(self.numbers.group, self.numbers.decimal)
        if k == "percent":
            text = plain.format(value / self.magnitude * 100, self.decimals % 2 + 1, self.signed)
            return text + (" %" if self.percent_space else "%")
        if k == "ratio":
            return plain.format(value / self.magnitude * 30, 2) + "x"
        if k == "unit":
            return plain.format(value / 10, 1, self.signed) + " " + self.unit
        text = self.numbers.format(value, self.decimals, self.signed)
        if k == "money" and self.currency:
            if self.currency == "€":
                return text + " €"
            if self.currency in ("$", "¥", "£"):
                return ("-" + self.currency + text[1:]) if text.startswith("-") else \
                    self.currency + text
            return text + " " + self.currency
        return text


def value_maker(rng: random.Random, kind: str, locale: str, numbers: NumberStyle) -> ValueMaker:
    currency = {"es": "€", "zh": rng.choice(("", "¥", "元"))}.get(
        locale, rng.choice(("$", "USD", "£", "")))
    return ValueMaker(kind, locale, numbers, decimals=rng.choice((2, 2, 2, 1, 0)),
                      signed=rng.random() < 0.35, currency=currency,
                      unit=rng.choice(_CJK_UNITS if locale == "zh" else _UNITS),
                      magnitude=10 ** rng.randint(2, 7),
                      percent_space=locale == "es" or rng.random() < 0.3)


_HEADERS = {
    "en": {
        "label": ["Item", "Category", "Description", "Type", "Segment", "Line item"],
        "name": ["Company", "Supplier", "Customer", "Provider", "Employer", "Vendor"],
        "place": ["City", "Region", "Location", "County", "Site"],
        "text": ["Description", "Rationale", "Notes", "Remarks", "Comment", "Details"],
        "code": ["Code", "Ref.", "ID", "Tag", "Lot"],
        "int": ["Count", "Number", "Units", "No. of", "Employees", "Orders", "Cases"],
        "decimal": ["Amount", "Balance", "Net value", "Opening balance", "Closing balance",
                    "Change"],
        "money": ["Price", "Unit cost", "Total cost", "Net amount", "Gross amount", "Fee"],
        "percent": ["Share", "Rate", "Change %", "Growth", "Margin", "VAT"],
        "unit": ["Weight", "Distance", "Latency", "Capacity", "Output", "Size"],
        "ratio": ["Speedup", "Ratio", "Factor", "Gain"],
        "date": ["Date", "Notice date", "Effective", "Received", "Due date"],
        "rising": ["No.", "Year", "Cumulative", "Running total", "Index"],
    },
    "es": {
        "label": ["Concepto", "Categoría", "Descripción", "Tipo", "Partida", "Segmento"],
        "name": ["Empresa", "Proveedor", "Cliente", "Entidad", "Titular"],
        "place": ["Ciudad", "Provincia", "Región", "Municipio", "Sede"],
        "text": ["Descripción", "Observaciones", "Motivo", "Notas", "Detalle"],
        "code": ["Código", "Ref.", "Núm.", "Lote"],
        "int": ["Cantidad", "Número", "Unidades", "Empleados", "Pedidos", "Casos"],
        "decimal": ["Importe", "Saldo", "Valor neto", "Saldo inicial", "Saldo final",
                    "Variación"],
        "money": ["Precio", "Coste unitario", "Coste total", "Base imponible", "Importe bruto",
                  "Cuota"],
        "percent": ["Porcentaje", "Tasa", "Variación %", "Crecimiento", "Margen", "IVA"],
        "unit": ["Peso", "Distancia", "Latencia", "Capacidad", "Producción", "Tamaño"],
        "ratio": ["Factor", "Ratio", "Ganancia"],
        "date": ["Fecha", "Fecha de aviso", "Vigencia", "Recibido", "Vencimiento"],
        "rising": ["Núm.", "Año", "Acumulado", "Total acumulado", "Índice"],
    },
    "zh": {
        "label": ["项目", "类别", "科目", "分类", "业务"],
        "name": ["单位名称", "供应商", "客户名称", "公司"],
        "place": ["地区", "城市", "所在地"],
        "text": ["变动原因", "说明", "备注", "主要内容"],
        "code": ["编号", "代码", "序号"],
        "int": ["数量", "人数", "户数", "笔数"],
        "decimal": ["期末余额", "期初余额", "本期金额", "上期金额", "发生额", "净额"],
        "money": ["单价", "金额", "总价", "成本"],
        "percent": ["增减%", "比例", "占比", "增长率"],
        "unit": ["重量", "容量", "产量", "距离"],
        "ratio": ["倍数", "系数"],
        "date": ["日期", "到期日", "报告期"],
        "rising": ["序号", "年份", "累计", "累计数"],
    },
}


def header(rng: random.Random, kind: str, locale: str, taken: set[str]) -> str:
    """A column heading for a column of ``kind``, not one of ``taken`` (a year or a number is
    put after a heading that is)."""
    pool = _HEADERS[locale][kind]
    options = [h for h in pool if h not in taken]
    text = rng.choice(options) if options else rng.choice(pool)
    while text in taken:
        text = f"{text} {rng.randint(2015, 2030)}" if locale != "zh" else \
            f"{rng.randint(2015, 2030)}年{text}"
    taken.add(text)
    return text


def caption(rng: random.Random, locale: str, number: int) -> str:
    title = phrase(rng, locale, 3, 8, title=True)
    if locale == "zh":
        return rng.choice((f"表{number} {title}", f"表 {number}：{title}"))
    word = "Tabla" if locale == "es" else rng.choice(("Table", "TABLE"))
    return f"{word} {number}{rng.choice(('.', ':', ''))} {title}"


def note(rng: random.Random, locale: str) -> str:
    lead = {"en": ("Source:", "Note:"), "es": ("Fuente:", "Nota:"), "zh": ("注：", "资料来源：")}
    return rng.choice(lead[locale]) + ("" if locale == "zh" else " ") + sentence(rng, locale, 5, 12)
