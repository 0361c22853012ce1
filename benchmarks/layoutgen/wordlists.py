"""The project's own small word lists for generated prose (English, Spanish, Chinese, Japanese,
Korean). Written for this benchmark: the vocabulary of notices, reports, papers and magazines,
with enough long words that justified columns hyphenate as real ones do."""

from __future__ import annotations

EN_NOUNS = """
agency applicant application approval archive assessment association authority budget
building catalogue century certificate chamber citizen coast collection commission committee
community company competition condition contract council county court decision delegation
department design development difference director district document economy education election
employee energy environment equipment estimate evidence examination exception experience
facility family farmer festival finance framework garden generation government harbour highway
hospital household implementation income increase industry information infrastructure
inspection institution instrument insurance interpretation investment island journey justice
laboratory landscape legislation library licence literature machine management market meeting
member method minister ministry monitoring mountain municipality museum neighbourhood network
notice obligation observation office operation opportunity orchestra organisation owner
parliament participant partnership payment performance period permission permit photograph
population position practice pressure principle procedure process producer professor programme
project property proposal protection province publication quality railway reader reception
recommendation record region registration regulation relationship report representative
republic requirement research reservoir resident resolution resource responsibility review
river school science season secretary sector settlement shipment society software solution
station statement statistics strategy student subsidy supplier surface survey system teacher
technology temperature territory theatre tradition traffic training transport treasury
treatment tribunal university valley vehicle village visitor volunteer water weather witness
worker workshop year schedule agreement amendment paragraph article section chapter hearing
""".split()

EN_ADJECTIVES = """
additional administrative agricultural annual applicable available brief central coastal
commercial comparable competent considerable constitutional contemporary continuous critical
cultural current detailed digital domestic economic educational effective electrical
environmental equivalent essential experimental external federal final financial foreign formal
general historical independent individual industrial informal initial international
legislative local long main major maritime medical modest municipal national natural necessary
northern official ordinary original particular permanent political popular practical previous
primary private professional proportional provisional public quarterly rational recent regional
relevant remarkable residential responsible rural scientific seasonal secondary significant
similar social southern special statistical structural substantial sufficient technical
temporary territorial traditional urban various visible voluntary western written
""".split()

EN_VERBS = """
accepts adopts affects announces approves assesses broadens builds calculates changes collects
completes confirms considers contains continues coordinates defines delivers describes
determines develops documents emphasises enables encourages establishes estimates evaluates
examines expands explains extends finances follows guarantees identifies illustrates improves
includes increases indicates informs introduces investigates maintains measures modifies
monitors notifies observes obtains organises prepares presents preserves produces protects
provides publishes receives recommends records reduces reflects regulates reinforces replaces
represents requires reviews revises schedules simplifies strengthens summarises supervises
supports transforms updates
""".split()

EN_ADVERBS = """
accordingly actually additionally carefully clearly consequently directly especially eventually
formally frequently generally gradually immediately independently largely mainly normally
notably officially originally particularly partly periodically previously primarily promptly
publicly rapidly recently regularly significantly simultaneously specifically steadily
subsequently substantially typically usually
""".split()

EN_PREPOSITIONS = """
across after against along among around before behind beside between beyond during for from
inside into near of on over through throughout towards under until upon with within without
""".split()

EN_CONNECTIVES = [
    "However,", "In addition,", "As a result,", "For this reason,", "In practice,",
    "At the same time,", "Nevertheless,", "In particular,", "Under the proposal,",
    "According to the report,", "Following the review,", "In most cases,", "By contrast,",
    "Where necessary,", "Since then,", "On this basis,",
]

EN_PLACES = """
Ashford Brampton Calder Dunmore Eastwick Fairhaven Glenmoor Harrowgate Inverness Kingsbridge
Larkfield Marlow Northgate Oakridge Pemberton Queensbury Redhill Stanmore Thornbury Upton
Wexford Whitby Yarmouth
""".split()

EN_PEOPLE = """
Adams Bennett Carter Dawson Ellis Fletcher Graham Hughes Irving Jensen Keller Lambert Morgan
Nolan Owens Parker Quinn Reid Sullivan Turner Vaughan Walsh Young
""".split()

ES_NOUNS_F = """
administración agencia asociación autoridad biblioteca cámara ciudad comisión competencia
comunidad condición consulta cooperación declaración delegación dirección disposición economía
educación empresa encuesta energía entidad estrategia evaluación exposición financiación
formación frontera fundación gestión industria información infraestructura inspección
institución inversión investigación junta legislación licencia memoria modificación normativa
obligación oficina organización participación población política práctica presidencia
producción propuesta protección provincia publicación reforma región resolución responsabilidad
revisión salud sección sociedad solicitud subvención tecnología temporada tradición universidad
vivienda
""".split()

ES_NOUNS_M = """
acuerdo análisis anuncio archivo artículo ayuntamiento calendario capítulo catálogo centro
ciudadano comité consejo contrato crecimiento departamento desarrollo documento ejercicio
equipamiento espacio estudio expediente festival funcionamiento gobierno hospital informe
instrumento mercado ministerio municipio museo órgano paisaje patrimonio período permiso
presupuesto procedimiento proceso programa proyecto puerto registro reglamento requisito
resultado seguimiento sector servicio sistema territorio transporte tribunal valle
""".split()

ES_ADJECTIVES = """
actual adicional agrícola anual central comercial considerable constitucional continuo cultural
digital económico educativo eficaz esencial especial estructural exterior externo federal final
financiero formal general histórico independiente individual industrial inicial internacional
legislativo local marítimo municipal nacional natural necesario oficial ordinario original
particular permanente político popular práctico previo principal profesional provisional
público regional relevante rural científico social sostenible suficiente técnico temporal
territorial tradicional urbano visible voluntario
""".split()

ES_VERBS = """
aprueba amplía analiza anuncia asegura calcula comprende confirma considera contiene
contribuye coordina define desarrolla describe determina establece estima evalúa examina
explica facilita financia garantiza identifica impulsa incluye incorpora indica informa mantiene
mejora modifica organiza permite prepara presenta promueve propone protege publica recoge
reconoce reduce refleja regula refuerza requiere revisa simplifica supervisa sustituye
""".split()

ES_ADVERBS = """
actualmente adecuadamente claramente concretamente directamente especialmente finalmente
formalmente generalmente gradualmente inicialmente oficialmente particularmente previamente
principalmente públicamente rápidamente recientemente regularmente significativamente
""".split()

ES_PREPOSITIONS = "ante bajo con contra desde durante entre hacia hasta mediante para según sin sobre tras".split()

ES_CONNECTIVES = [
    "Sin embargo,", "Además,", "Por otra parte,", "En consecuencia,", "En la práctica,",
    "Al mismo tiempo,", "No obstante,", "En particular,", "Según el informe,",
    "Tras la revisión,", "En la mayoría de los casos,", "Por el contrario,", "Desde entonces,",
]

ES_PLACES = """
Albacete Burgos Cáceres Cuenca Gijón Huesca Jaén León Lugo Málaga Ourense Palencia Salamanca
Segovia Soria Teruel Toledo Valladolid Zamora
""".split()

# Chinese: two- and three-character words of administrative and report prose.
ZH_NOUNS = """
政府 部门 委员会 城市 农村 居民 企业 学校 医院 项目 计划 报告 政策 制度 法律 规定 标准 资金
预算 市场 经济 社会 文化 教育 科技 环境 资源 能源 交通 道路 住房 服务 管理 发展 建设 改革
研究 调查 数据 结果 问题 措施 目标 任务 地区 省份 人口 工作 会议 文件 程序 单位 机构 组织
公司 产品 技术 系统 网络 信息 质量 安全 健康 水平 能力 影响 变化 情况 方面 过程 基础 条件
""".split()
ZH_VERBS = """
提高 加强 推进 完善 促进 实施 开展 建立 落实 支持 保障 改善 扩大 优化 调整 制定 发布 审查
评估 监督 协调 组织 管理 提供 保护 发挥 推动 引导 鼓励 规范
""".split()
ZH_ADVERBS = "进一步 全面 积极 逐步 切实 不断 有效 依法 及时 共同 主要 明显".split()
ZH_ADJECTIVES = "重要 主要 新 基本 全国 地方 公共 长期 有关 相关 必要 具体 整体 重大 良好".split()
ZH_CONNECTIVES = ["同时，", "此外，", "因此，", "根据报告，", "在此基础上，", "总体来看，", "与此同时，"]

# Japanese: nouns (kanji and katakana), with particles and verb endings added by the grammar.
JA_NOUNS = """
政府 自治体 委員会 地域 住民 企業 学校 病院 計画 報告書 制度 法律 規則 基準 予算 市場 経済
社会 文化 教育 技術 環境 資源 エネルギー 交通 道路 住宅 サービス 管理 開発 整備 改革 研究
調査 データ 結果 課題 対策 目標 事業 人口 会議 文書 手続き 組織 会社 製品 システム
ネットワーク 情報 品質 安全 健康 水準 能力 影響 変化 状況 過程 基盤 条件 プログラム センター
""".split()
JA_VERB_STEMS = """
実施 検討 推進 強化 改善 整備 導入 促進 確保 支援 評価 公表 作成 見直 提供 活用 調整 拡大
""".split()
JA_ENDINGS = ["する。", "した。", "している。", "された。", "することとした。", "が求められる。",
              "を進めている。", "が行われた。"]
JA_CONNECTIVES = ["また、", "さらに、", "一方、", "このため、", "その結果、", "報告によると、", "同時に、"]

# Korean: words are separated by spaces (eojeol); particles attach to the noun before them.
KO_NOUNS = """
정부 위원회 지역 주민 기업 학교 병원 계획 보고서 제도 법률 규정 기준 예산 시장 경제 사회 문화
교육 기술 환경 자원 에너지 교통 도로 주택 서비스 관리 개발 개혁 연구 조사 자료 결과 과제
대책 목표 사업 인구 회의 문서 절차 조직 회사 제품 시스템 정보 품질 안전 건강 수준 능력 영향
변화 상황 과정 기반 조건 프로그램 센터 지방자치단체 공공기관
""".split()
KO_PARTICLES_TOPIC = ["은", "는", "이", "가"]
KO_PARTICLES_OBJECT = ["을", "를"]
KO_PARTICLES_OTHER = ["에", "에서", "의", "와", "과", "으로", "로", "에 대한", "을 위한"]
KO_VERBS = [
    "추진한다", "강화한다", "개선한다", "마련하였다", "시행하였다", "검토하고 있다",
    "확대할 예정이다", "지원한다", "평가하였다", "발표하였다", "제공한다", "조정하였다",
    "도입하였다", "추진하고 있다", "확보하였다",
]
KO_ADVERBS = "적극적으로 단계적으로 지속적으로 효과적으로 체계적으로 신속하게 새롭게 충분히 크게".split()
KO_CONNECTIVES = ["또한", "한편", "따라서", "이에 따라", "그 결과", "특히", "아울러"]
