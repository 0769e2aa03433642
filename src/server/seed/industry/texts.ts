// What the industry templates print, in the other interface languages: one table keyed by the
// English text as the template files write it. A text not in the table (a name, an address, a code,
// a number) prints as written in every language. Each translation is chosen to fit the box the
// English one has (tests/server/industry.test.ts measures every template in every language).
import type { Language } from "../../../model/constants";

type Translations = Readonly<Record<Exclude<Language, "en">, string>>;

const T: Readonly<Record<string, Translations>> = {
  // retail
  "Organic Whole Milk": {
    zh: "有机全脂牛奶",
    pt: "Leite Gordo Biológico",
    es: "Leche entera ecológica",
    ru: "Органическое молоко",
  },
  "1 L | Green Valley Farm": {
    zh: "1 升 | 绿谷农场",
    pt: "1 L | Quinta Vale Verde",
    es: "1 L | Granja Valle Verde",
    ru: "1 л | Ферма «Долина»",
  },
  "$3.49 per litre": { zh: "每升 $3.49", pt: "$3.49 por litro", es: "$3.49 por litro", ru: "$3.49 за литр" },
  "Aisle 4 | Bay 12": {
    zh: "4 号通道 | 12 号货架",
    pt: "Corr. 4 | Prat. 12",
    es: "Pasillo 4 | Est. 12",
    ru: "Ряд 4 | Секция 12",
  },
  "Ceramic Mug 350 ml": {
    zh: "陶瓷马克杯 350 ml",
    pt: "Caneca de cerâmica 350 ml",
    es: "Taza de cerámica 350 ml",
    ru: "Керамическая кружка 350 мл",
  },
  "SPECIAL OFFER": { zh: "特价优惠", pt: "PROMOÇÃO", es: "OFERTA ESPECIAL", ru: "СПЕЦПРЕДЛОЖЕНИЕ" },
  "Italian Olive Oil 500 ml": {
    zh: "意大利橄榄油 500 ml",
    pt: "Azeite italiano 500 ml",
    es: "Aceite de oliva 500 ml",
    ru: "Оливковое масло 500 мл",
  },
  "was $9.99": { zh: "原价 $9.99", pt: "antes $9.99", es: "antes $9.99", ru: "было $9.99" },
  "Until 30 June": { zh: "至 6 月 30 日", pt: "Até 30/06", es: "Hasta 30/06", ru: "До 30 июня" },
  "USB-C Charging Cable 2 m": {
    zh: "USB-C 充电线 2 m",
    pt: "Cabo de carga USB-C 2 m",
    es: "Cable de carga USB-C 2 m",
    ru: "Зарядный кабель USB-C 2 м",
  },
  "Aged Cheddar": {
    zh: "陈年切达奶酪",
    pt: "Cheddar curado",
    es: "Cheddar curado",
    ru: "Выдержанный чеддер",
  },
  "Net weight": { zh: "净重", pt: "Peso líquido", es: "Peso neto", ru: "Масса нетто" },
  "Price / kg": { zh: "单价 / kg", pt: "Preço / kg", es: "Precio / kg", ru: "Цена / кг" },
  Total: { zh: "总价", pt: "Total", es: "Total", ru: "Итого" },
  "Packed ": { zh: "包装 ", pt: "Embalado ", es: "Envasado ", ru: "Упаковано " },
  "Use by ": { zh: "食用期限 ", pt: "Usar até ", es: "Cons. antes ", ru: "Годен до " },
  // clothing
  "Merino Crew Sweater": {
    zh: "美利奴圆领毛衣",
    pt: "Camisola de merino",
    es: "Jersey de merino",
    ru: "Свитер из мериноса",
  },
  "Colour: Heather Grey": {
    zh: "颜色：麻灰色",
    pt: "Cor: cinza mesclado",
    es: "Color: gris jaspeado",
    ru: "Цвет: серый меланж",
  },
  "Style 2291-HG": { zh: "款号 2291-HG", pt: "Modelo 2291-HG", es: "Modelo 2291-HG", ru: "Модель 2291-HG" },
  "80% Cotton": { zh: "80% 棉", pt: "80% Algodão", es: "80% Algodón", ru: "80% Хлопок" },
  "20% Polyester": { zh: "20% 聚酯纤维", pt: "20% Poliéster", es: "20% Poliéster", ru: "20% Полиэстер" },
  "Machine wash cold 30 °C. Do not bleach. Tumble dry low. Iron medium heat. Do not dry clean.": {
    zh: "30 °C 冷水机洗。不可漂白。低温滚筒烘干。中温熨烫。不可干洗。",
    pt: "Lavar à máquina a 30 °C. Não usar lixívia. Secar a baixa temperatura. Passar a ferro morno. Não limpar a seco.",
    es: "Lavar a máquina a 30 °C. No usar lejía. Secar a baja temperatura. Planchar a calor medio. No limpiar en seco.",
    ru: "Стирка 30 °C. Не отбеливать. Бережная сушка. Гладить при средней температуре. Без химчистки.",
  },
  "Wash dark colours separately. Reshape while damp.": {
    zh: "深色衣物分开洗涤。趁湿整形。",
    pt: "Lavar cores escuras à parte. Moldar ainda húmido.",
    es: "Lavar colores oscuros aparte. Dar forma en húmedo.",
    ru: "Тёмное стирать отдельно. Расправить влажным.",
  },
  "Made in Portugal": {
    zh: "葡萄牙制造",
    pt: "Feito em Portugal",
    es: "Hecho en Portugal",
    ru: "Страна: Португалия",
  },
  "Slim Fit Chino": { zh: "修身卡其裤", pt: "Chino slim", es: "Chino slim fit", ru: "Чиносы слим" },
  "Men's trail running shoe | Black / Lime": {
    zh: "男士越野跑鞋 | 黑 / 青柠绿",
    pt: "Sapatilha trail homem | Preto / Lima",
    es: "Zapatilla trail hombre | Negro / Lima",
    ru: "Кроссовки трейл, муж. | Чёрный / Лайм",
  },
  "Made in Vietnam": {
    zh: "越南制造",
    pt: "Feito no Vietname",
    es: "Hecho en Vietnam",
    ru: "Страна: Вьетнам",
  },
  // electronics
  "PROPERTY OF ACME IT": {
    zh: "ACME IT 资产",
    pt: "PROPRIEDADE DA ACME IT",
    es: "PROPIEDAD DE ACME IT",
    ru: "СОБСТВЕННОСТЬ ACME IT",
  },
  "Model: X200 Router": {
    zh: "型号：X200 路由器",
    pt: "Modelo: Router X200",
    es: "Modelo: Router X200",
    ru: "Модель: роутер X200",
  },
  "ACME Power Adapter PA-65": {
    zh: "ACME 电源适配器 PA-65",
    pt: "Transformador ACME PA-65",
    es: "Adaptador ACME PA-65",
    ru: "Блок питания ACME PA-65",
  },
  Input: { zh: "输入", pt: "Entrada", es: "Entrada", ru: "Вход" },
  Output: { zh: "输出", pt: "Saída", es: "Salida", ru: "Выход" },
  Efficiency: { zh: "能效", pt: "Eficiência", es: "Eficiencia", ru: "КПД" },
  "Made in": { zh: "产地", pt: "Origem", es: "Origen", ru: "Сделано в" },
  Malaysia: { zh: "马来西亚", pt: "Malásia", es: "Malasia", ru: "Малайзия" },
  "Level VI": { zh: "VI 级", pt: "Nível VI", es: "Nivel VI", ru: "Уровень VI" },
  "Indoor use only. Do not open.": {
    zh: "仅限室内使用。请勿拆开。",
    pt: "Só para interior. Não abrir.",
    es: "Solo para interior. No abrir.",
    ru: "Для помещений. Не вскрывать.",
  },
  // jewellery
  "18K Gold Ring": { zh: "18K 金戒指", pt: "Anel ouro 18K", es: "Anillo oro 18K", ru: "Кольцо 18K" },
  "0.25 ct | R1042": {
    zh: "0.25 克拉 | R1042",
    pt: "0.25 ct | R1042",
    es: "0.25 ct | R1042",
    ru: "0.25 кар | R1042",
  },
  "Sterling Silver": { zh: "925 纯银", pt: "Prata de lei", es: "Plata de ley", ru: "Серебро 925" },
  "Pearl Drop Earrings": {
    zh: "珍珠吊坠耳环",
    pt: "Brincos de pérola",
    es: "Pendientes de perla",
    ru: "Серьги с жемчугом",
  },
  "14K white gold | 3.1 g": {
    zh: "14K 白金 | 3.1 g",
    pt: "Ouro branco 14K | 3.1 g",
    es: "Oro blanco 14K | 3.1 g",
    ru: "Белое золото 14K | 3.1 г",
  },
  "Certificate of Authenticity": {
    zh: "真品证书",
    pt: "Certificado de Autenticidade",
    es: "Certificado de autenticidad",
    ru: "Сертификат подлинности",
  },
  Stone: { zh: "宝石", pt: "Pedra", es: "Piedra", ru: "Камень" },
  "Natural diamond": {
    zh: "天然钻石",
    pt: "Diamante natural",
    es: "Diamante natural",
    ru: "Природный алмаз",
  },
  Carat: { zh: "克拉", pt: "Quilates", es: "Quilates", ru: "Караты" },
  "0.50 ct": { zh: "0.50 克拉", pt: "0.50 ct", es: "0.50 ct", ru: "0.50 кар" },
  "Colour / Clarity": { zh: "颜色 / 净度", pt: "Cor / Pureza", es: "Color / Pureza", ru: "Цвет / Чистота" },
  Cut: { zh: "切工", pt: "Lapidação", es: "Talla", ru: "Огранка" },
  "Round brilliant": {
    zh: "圆形明亮式",
    pt: "Brilhante redondo",
    es: "Brillante redondo",
    ru: "Круглая, бриллиант",
  },
  Metal: { zh: "金属", pt: "Metal", es: "Metal", ru: "Металл" },
  "Platinum 950": { zh: "铂金 950", pt: "Platina 950", es: "Platino 950", ru: "Платина 950" },
  "Issued ": { zh: "签发 ", pt: "Emitido ", es: "Emitido ", ru: "Выдан " },
  "Lumière Fine Jewellery, Geneva": {
    zh: "Lumière 珠宝，日内瓦",
    pt: "Lumière Alta Joalharia, Genebra",
    es: "Lumière Alta Joyería, Ginebra",
    ru: "Lumière, ювелирный дом, Женева",
  },
  // library
  "Westfield Public Library": {
    zh: "韦斯特菲尔德公共图书馆",
    pt: "Biblioteca Pública de Westfield",
    es: "Biblioteca Pública de Westfield",
    ru: "Публичная библиотека Уэстфилда",
  },
  "Please return by": {
    zh: "请于此日期前归还",
    pt: "Devolver até",
    es: "Devolver antes del",
    ru: "Вернуть до",
  },
  "Renew online: library.example.org": {
    zh: "在线续借：library.example.org",
    pt: "Renovar online: library.example.org",
    es: "Renovar en línea: library.example.org",
    ru: "Продлить: library.example.org",
  },
  "or call 555-0134": {
    zh: "或致电 555-0134",
    pt: "ou ligue 555-0134",
    es: "o llame al 555-0134",
    ru: "или звоните 555-0134",
  },
  // logistics
  FROM: { zh: "发件人", pt: "DE", es: "DE", ru: "ОТ" },
  PRIORITY: { zh: "优先", pt: "PRIORITÁRIO", es: "PRIORITARIO", ru: "ПРИОРИТЕТ" },
  "2-DAY": { zh: "2 日达", pt: "2 DIAS", es: "2 DÍAS", ru: "2 ДНЯ" },
  "SHIP TO": { zh: "收件人", pt: "ENVIAR PARA", es: "ENVIAR A", ru: "КОМУ" },
  ROUTE: { zh: "路线", pt: "ROTA", es: "RUTA", ru: "МАРШРУТ" },
  "Weight 2.4 kg | 1 of 1": {
    zh: "重量 2.4 kg | 第 1 件，共 1 件",
    pt: "Peso 2.4 kg | 1 de 1",
    es: "Peso 2.4 kg | 1 de 1",
    ru: "Вес 2.4 кг | 1 из 1",
  },
  "TRACKING #": { zh: "运单号", pt: "N.º DE SEGUIMENTO", es: "N.º DE SEGUIMIENTO", ru: "ТРЕК-НОМЕР" },
  "Ref: ORDER 100482": {
    zh: "参考：订单 100482",
    pt: "Ref.: ENCOMENDA 100482",
    es: "Ref.: PEDIDO 100482",
    ru: "Заказ № 100482",
  },
  "CONTENT (GTIN)": {
    zh: "内容 (GTIN)",
    pt: "CONTEÚDO (GTIN)",
    es: "CONTENIDO (GTIN)",
    ru: "СОДЕРЖИМОЕ (GTIN)",
  },
  COUNT: { zh: "数量", pt: "QUANTIDADE", es: "CANTIDAD", ru: "КОЛИЧЕСТВО" },
  "BATCH / LOT": { zh: "批次 / 批号", pt: "LOTE", es: "LOTE", ru: "ПАРТИЯ / ЛОТ" },
  "Shipped: ": { zh: "发货：", pt: "Expedido: ", es: "Enviado: ", ru: "Отгружено: " },
  "Pallet 1 of 3": { zh: "托盘 1 / 3", pt: "Palete 1 de 3", es: "Palé 1 de 3", ru: "Паллета 1 из 3" },
  "ZONE A | PICK FACE": {
    zh: "A 区 | 拣货位",
    pt: "ZONA A | PICKING",
    es: "ZONA A | PICKING",
    ru: "ЗОНА A | ОТБОР",
  },
  "Organic Whole Milk 1 L": {
    zh: "有机全脂牛奶 1 升",
    pt: "Leite Gordo Biológico 1 L",
    es: "Leche entera ecológica 1 L",
    ru: "Органическое молоко 1 л",
  },
  QTY: { zh: "数量", pt: "QTD.", es: "CANT.", ru: "КОЛ-ВО" },
  BATCH: { zh: "批次", pt: "LOTE", es: "LOTE", ru: "ПАРТИЯ" },
  "BEST BEFORE": { zh: "保质期至", pt: "CONSUMIR ATÉ", es: "CONS. ANTES", ru: "ГОДЕН ДО" },
  "12 x 1 L": { zh: "12 x 1 升", pt: "12 x 1 L", es: "12 x 1 L", ru: "12 x 1 л" },
  // office
  "Invoices - Suppliers": {
    zh: "发票 - 供应商",
    pt: "Faturas - Fornecedores",
    es: "Facturas - Proveedores",
    ru: "Счета - Поставщики",
  },
  "Finance | Cabinet 2, Drawer 3": {
    zh: "财务 | 2 号柜，3 号抽屉",
    pt: "Finanças | Armário 2, Gaveta 3",
    es: "Finanzas | Armario 2, Cajón 3",
    ru: "Финансы | Шкаф 2, ящик 3",
  },
  "QUALITY MANAGEMENT SYSTEM": {
    zh: "质量管理体系",
    pt: "SISTEMA DE GESTÃO DA QUALIDADE",
    es: "SISTEMA DE GESTIÓN DE LA CALIDAD",
    ru: "СИСТЕМА МЕНЕДЖМЕНТА КАЧЕСТВА",
  },
  "Procedures & Work Instructions": {
    zh: "程序与作业指导书",
    pt: "Procedimentos e Instruções",
    es: "Procedimientos e instrucciones",
    ru: "Процедуры и инструкции",
  },
  "Volume 2 | QMS-PR-100 to QMS-PR-199": {
    zh: "第 2 卷 | QMS-PR-100 至 QMS-PR-199",
    pt: "Volume 2 | QMS-PR-100 a QMS-PR-199",
    es: "Volumen 2 | QMS-PR-100 a QMS-PR-199",
    ru: "Том 2 | QMS-PR-100 – QMS-PR-199",
  },
  VISITOR: { zh: "访客", pt: "VISITANTE", es: "VISITANTE", ru: "ПОСЕТИТЕЛЬ" },
  "Host: Priya Shah | Floor 3": {
    zh: "接待人：Priya Shah | 3 楼",
    pt: "Anfitrião: Priya Shah | Piso 3",
    es: "Anfitrión: Priya Shah | Planta 3",
    ru: "Принимает: Priya Shah | Этаж 3",
  },
  "Valid: ": { zh: "有效期：", pt: "Válido: ", es: "Válido: ", ru: "Действует: " },
  // pharmacy
  "Riverside Pharmacy": {
    zh: "河畔药房",
    pt: "Farmácia Riverside",
    es: "Farmacia Riverside",
    ru: "Аптека «Риверсайд»",
  },
  "AMOXICILLIN 500 mg capsules": {
    zh: "阿莫西林 500 mg 胶囊",
    pt: "AMOXICILINA 500 mg cápsulas",
    es: "AMOXICILINA 500 mg cápsulas",
    ru: "АМОКСИЦИЛЛИН 500 мг, капсулы",
  },
  "Take ONE capsule THREE times a day until finished. Take with water.": {
    zh: "每日三次，每次一粒，直至服完。用水送服。",
    pt: "Tomar UMA cápsula TRÊS vezes por dia até terminar. Tomar com água.",
    es: "Tomar UNA cápsula TRES veces al día hasta terminar. Tomar con agua.",
    ru: "Принимать ПО ОДНОЙ капсуле ТРИ раза в день до конца курса. Запивать водой.",
  },
  "Patient: John Smith": {
    zh: "患者：John Smith",
    pt: "Doente: John Smith",
    es: "Paciente: John Smith",
    ru: "Пациент: John Smith",
  },
  "Qty: 21 | Dr. A. Patel": {
    zh: "数量：21 | A. Patel 医生",
    pt: "Qtd.: 21 | Dr. A. Patel",
    es: "Cant.: 21 | Dr. A. Patel",
    ru: "Кол-во: 21 | Д-р A. Patel",
  },
  "Keep out of the reach of children.": {
    zh: "请放在儿童接触不到的地方。",
    pt: "Manter fora do alcance das crianças.",
    es: "Fuera del alcance de los niños.",
    ru: "Хранить вдали от детей.",
  },
  "DOB 1978-03-14 | M | MRN 0048213": {
    zh: "出生 1978-03-14 | 男 | 病历号 0048213",
    pt: "Nasc. 1978-03-14 | M | MRN 0048213",
    es: "Nac. 1978-03-14 | H | MRN 0048213",
    ru: "Д.р. 1978-03-14 | М | MRN 0048213",
  },
  "Ibuprofen 200 mg": {
    zh: "布洛芬 200 mg",
    pt: "Ibuprofeno 200 mg",
    es: "Ibuprofeno 200 mg",
    ru: "Ибупрофен 200 мг",
  },
  "24 tablets": { zh: "24 片", pt: "24 comprimidos", es: "24 comprimidos", ru: "24 таблетки" },
  "Pain relief | Fever": { zh: "止痛 | 退热", pt: "Dor | Febre", es: "Dolor | Fiebre", ru: "Боль | Жар" },
  "DOB 14/03/1978 | Male | MRN 0048213": {
    zh: "出生 14/03/1978 | 男 | 病历号 0048213",
    pt: "Nasc. 14/03/1978 | Masculino | MRN 0048213",
    es: "Nac. 14/03/1978 | Hombre | MRN 0048213",
    ru: "Д.р. 14/03/1978 | Муж. | MRN 0048213",
  },
  "Ward 7B | Dr. A. Patel | Allergies: PENICILLIN": {
    zh: "7B 病区 | A. Patel 医生 | 过敏：青霉素",
    pt: "Enfermaria 7B | Dr. A. Patel | Alergias: PENICILINA",
    es: "Planta 7B | Dr. A. Patel | Alergias: PENICILINA",
    ru: "Отделение 7B | Д-р A. Patel | Аллергия: ПЕНИЦИЛЛИН",
  },
  // restaurant
  "PREP / USE BY": {
    zh: "制备 / 使用期限",
    pt: "PREP. / USAR ATÉ",
    es: "PREP. / USAR ANTES",
    ru: "ГОТОВО / ГОДНО ДО",
  },
  "Item: Chicken stock": {
    zh: "品名：鸡汤",
    pt: "Caldo de galinha",
    es: "Caldo de pollo",
    ru: "Куриный бульон",
  },
  "Prepared: ": { zh: "制备：", pt: "Preparado: ", es: "Preparado: ", ru: "Приготовлено: " },
  "Use by: ": { zh: "使用期限：", pt: "Usar até: ", es: "Usar antes: ", ru: "Годно до: " },
  "Store at 0-5 °C": {
    zh: "0-5 °C 保存",
    pt: "Conservar a 0-5 °C",
    es: "Conservar a 0-5 °C",
    ru: "Хранить при 0-5 °C",
  },
  "By: ____": { zh: "制作人：____", pt: "Por: ____", es: "Por: ____", ru: "Кто: ____" },
  ORDER: { zh: "订单", pt: "PEDIDO", es: "PEDIDO", ru: "ЗАКАЗ" },
  "1 x Pad Thai (mild)\n1 x Spring rolls\n2 x Jasmine rice": {
    zh: "1 x 泰式炒河粉（微辣）\n1 x 春卷\n2 x 茉莉香米饭",
    pt: "1 x Pad Thai (suave)\n1 x Crepes chineses\n2 x Arroz jasmim",
    es: "1 x Pad Thai (suave)\n1 x Rollitos primavera\n2 x Arroz jazmín",
    ru: "1 x Пад-тай (не острый)\n1 x Спринг-роллы\n2 x Рис жасмин",
  },
  "Ready at ": { zh: "取餐时间 ", pt: "Pronto às ", es: "Listo a las ", ru: "Готово в " },
  "Thank you, Alex!": {
    zh: "谢谢你，Alex！",
    pt: "Obrigado, Alex!",
    es: "¡Gracias, Alex!",
    ru: "Спасибо, Alex!",
  },
  "Oat Flat White": {
    zh: "燕麦馥芮白",
    pt: "Flat White aveia",
    es: "Flat white avena",
    ru: "Флэт уайт овсяный",
  },
  "Large | Extra shot | Less hot": {
    zh: "大杯 | 加浓 | 少热",
    pt: "Grande | Duplo | Morno",
    es: "Grande | Doble | Templado",
    ru: "Большой | Двойной | Тёплый",
  },
  "SEALED FOR YOUR SAFETY": {
    zh: "安全密封",
    pt: "SELO DE SEGURANÇA",
    es: "PRECINTO DE SEGURIDAD",
    ru: "ЗАЩИТНАЯ ПЛОМБА",
  },
  "If this seal is broken, do not accept the order.": {
    zh: "如封条破损，请拒收订单。",
    pt: "Se o selo estiver violado, não aceite a encomenda.",
    es: "Si el precinto está roto, no acepte el pedido.",
    ru: "Если пломба нарушена, не принимайте заказ.",
  },
  "Golden Lotus Kitchen": {
    zh: "金莲厨房",
    pt: "Golden Lotus Kitchen",
    es: "Golden Lotus Kitchen",
    ru: "Golden Lotus Kitchen",
  },
  "Sealed ": { zh: "封装 ", pt: "Selado ", es: "Precintado ", ru: "Опломбировано " },
  // food
  "Nutrition Information": {
    zh: "营养成分表",
    pt: "Informação Nutricional",
    es: "Información nutricional",
    ru: "Пищевая ценность",
  },
  "Servings per pack: 4 | Serving size: 50 g": {
    zh: "每包份数：4 | 每份：50 g",
    pt: "Doses por embalagem: 4 | Dose: 50 g",
    es: "Raciones por envase: 4 | Ración: 50 g",
    ru: "Порций в упаковке: 4 | Порция: 50 г",
  },
  "Per serving": { zh: "每份", pt: "Por dose", es: "Por ración", ru: "На порцию" },
  "Per 100 g": { zh: "每 100 g", pt: "Por 100 g", es: "Por 100 g", ru: "На 100 г" },
  Energy: { zh: "能量", pt: "Energia", es: "Valor energético", ru: "Энергия" },
  Protein: { zh: "蛋白质", pt: "Proteínas", es: "Proteínas", ru: "Белки" },
  "Fat, total": { zh: "脂肪", pt: "Lípidos", es: "Grasas", ru: "Жиры" },
  "- saturated": { zh: "- 饱和脂肪", pt: "- saturados", es: "- saturadas", ru: "- насыщенные" },
  Carbohydrate: { zh: "碳水化合物", pt: "Hidratos carbono", es: "Hidratos carbono", ru: "Углеводы" },
  "- sugars": { zh: "- 糖", pt: "- açúcares", es: "- azúcares", ru: "- сахара" },
  "Dietary fibre": { zh: "膳食纤维", pt: "Fibra", es: "Fibra alimentaria", ru: "Пищевые волокна" },
  Sodium: { zh: "钠", pt: "Sódio", es: "Sodio", ru: "Натрий" },
  Salt: { zh: "盐", pt: "Sal", es: "Sal", ru: "Соль" },
  "Ingredients: rolled oats, honey, almonds (12%), sunflower oil, raisins, sea salt.": {
    zh: "配料：燕麦片、蜂蜜、杏仁（12%）、葵花籽油、葡萄干、海盐。",
    pt: "Ingredientes: flocos de aveia, mel, amêndoas (12%), óleo de girassol, passas, sal marinho.",
    es: "Ingredientes: copos de avena, miel, almendras (12%), aceite de girasol, pasas, sal marina.",
    ru: "Состав: овсяные хлопья, мёд, миндаль (12%), подсолнечное масло, изюм, морская соль.",
  },
  "Contains: almonds. May contain: milk, peanuts.": {
    zh: "含有：杏仁。可能含有：牛奶、花生。",
    pt: "Contém: amêndoas. Pode conter: leite, amendoins.",
    es: "Contiene: almendras. Puede contener: leche, cacahuetes.",
    ru: "Содержит: миндаль. Может содержать: молоко, арахис.",
  },
  "Store in a cool, dry place.": {
    zh: "请置于阴凉干燥处。",
    pt: "Conservar em local fresco e seco.",
    es: "Conservar en lugar fresco y seco.",
    ru: "Хранить в сухом прохладном месте.",
  },
  "Fresh Basil Pesto": {
    zh: "新鲜罗勒青酱",
    pt: "Pesto de Manjericão",
    es: "Pesto de albahaca",
    ru: "Песто с базиликом",
  },
  "Made: ": { zh: "制造：", pt: "Feito: ", es: "Elaborado: ", ru: "Изготовлено: " },
  "BEST BEFORE ": { zh: "最佳食用期 ", pt: "CONSUMIR ATÉ ", es: "CONS. ANTES ", ru: "ГОДЕН ДО " },
  "Roast Chicken & Avocado Wrap": {
    zh: "烤鸡牛油果卷",
    pt: "Wrap de Frango e Abacate",
    es: "Wrap de pollo y aguacate",
    ru: "Ролл с курицей и авокадо",
  },
  "Ingredients: wheat tortilla (wheat flour, water, rapeseed oil), roast chicken (28%), avocado, lettuce, tomato, mayonnaise (egg, mustard), salt, black pepper.":
    {
      zh: "配料：小麦薄饼（小麦粉、水、菜籽油）、烤鸡（28%）、牛油果、生菜、番茄、蛋黄酱（鸡蛋、芥末）、盐、黑胡椒。",
      pt: "Ingredientes: tortilha de trigo (farinha de trigo, água, óleo de colza), frango assado (28%), abacate, alface, tomate, maionese (ovo, mostarda), sal, pimenta preta.",
      es: "Ingredientes: tortilla de trigo (harina de trigo, agua, aceite de colza), pollo asado (28%), aguacate, lechuga, tomate, mayonesa (huevo, mostaza), sal, pimienta negra.",
      ru: "Состав: пшеничная лепёшка (пшеничная мука, вода, рапсовое масло), жареная курица (28%), авокадо, салат, томат, майонез (яйцо, горчица), соль, чёрный перец.",
    },
  "Allergens: wheat, egg, mustard.": {
    zh: "过敏原：小麦、鸡蛋、芥末。",
    pt: "Alergénios: trigo, ovo, mostarda.",
    es: "Alérgenos: trigo, huevo, mostaza.",
    ru: "Аллергены: пшеница, яйцо, горчица.",
  },
  "Net weight 240 g": {
    zh: "净含量 240 g",
    pt: "Peso líquido 240 g",
    es: "Peso neto 240 g",
    ru: "Масса нетто 240 г",
  },
  "Keep at 0-5 °C": {
    zh: "0-5 °C 冷藏",
    pt: "Conservar a 0-5 °C",
    es: "Conservar a 0-5 °C",
    ru: "Хранить при 0-5 °C",
  },
  "Sourdough Rye Loaf": { zh: "酸种黑麦面包", pt: "Pão de centeio", es: "Pan de centeno", ru: "Ржаной хлеб" },
  "Rye flour, wheat flour, water, sea salt, caraway.": {
    zh: "黑麦粉、小麦粉、水、海盐、葛缕子。",
    pt: "Farinha de centeio, farinha de trigo, água, sal marinho, alcaravia.",
    es: "Harina de centeno, harina de trigo, agua, sal marina, alcaravea.",
    ru: "Ржаная мука, пшеничная мука, вода, морская соль, тмин.",
  },
  "Contains: wheat, rye (gluten).": {
    zh: "含有：小麦、黑麦（麸质）。",
    pt: "Contém: trigo, centeio (glúten).",
    es: "Contiene: trigo, centeno (gluten).",
    ru: "Содержит: пшеница, рожь (глютен).",
  },
  "Baked ": { zh: "烘焙 ", pt: "Cozido ", es: "Horneado ", ru: "Выпечено " },
  // cables
  "Rack A | U12": { zh: "机柜 A | U12", pt: "Bastidor A | U12", es: "Rack A | U12", ru: "Стойка A | U12" },
  "to SW-02 p24": { zh: "至 SW-02 p24", pt: "para SW-02 p24", es: "a SW-02 p24", ru: "к SW-02 p24" },
  "PATCH 2 m CAT6": {
    zh: "跳线 2 m CAT6",
    pt: "CABO PATCH 2 m CAT6",
    es: "LATIGUILLO 2 m CAT6",
    ru: "ПАТЧ-КОРД 2 м CAT6",
  },
  "Fibre OM4 LC": { zh: "光纤 OM4 LC", pt: "Fibra OM4 LC", es: "Fibra OM4 LC", ru: "Оптика OM4 LC" },
  "3 m": { zh: "3 m", pt: "3 m", es: "3 m", ru: "3 м" },
};

/** The text a template prints for `english` in `lang`: its translation, or as written. */
export function printedText(english: string, lang: Language): string {
  return lang === "en" || !english ? english : (T[english]?.[lang] ?? english);
}

/** Numeric dates where a format names the month: the date formats name months in English only. */
const NUMERIC_DATE: Readonly<Record<Exclude<Language, "en">, string>> = {
  zh: "yyyy-MM-dd",
  pt: "dd/MM/yyyy",
  es: "dd/MM/yyyy",
  ru: "dd.MM.yyyy",
};

/** The date format a template prints in `lang`. */
export function printedDateFormat(format: string, lang: Language): string {
  return lang === "en" || !format.includes("MMM") ? format : NUMERIC_DATE[lang];
}

/** The English texts the table translates (a test checks each is printed by some template). */
export const TRANSLATED_TEXTS: readonly string[] = Object.keys(T);
