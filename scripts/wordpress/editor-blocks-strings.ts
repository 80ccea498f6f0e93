/**
 * The words of the demo page of every editor block (scripts/wordpress/editor-blocks.ts),
 * in English and German: the same texts as content/{locale}/pages/editor-blocks.json,
 * whose body_html the plugin must answer word for word.
 */
export interface Strings {
  link: (path: string) => string
  text: string
  intro: string
  brand: string
  custom: string
  centred: string
  lists: string
  unordered: [string, string, string]
  ordered: [string, string, string]
  quote: string
  quoteCite: string
  pullquote: string
  pullquoteCite: string
  codeHeading: string
  preformatted: string
  verse: string
  tables: string
  tableHead: [string, string, string, string]
  tableRows: Array<[string, string, string, string]>
  tableFoot: string
  tableCaption: string
  media: string
  imageAlt: string
  imageCaption: string
  galleryAlts: [string, string, string]
  galleryCaption: string
  fileName: string
  download: string
  videoCaption: string
  audioCaption: string
  youtubeCaption: string
  vimeoCaption: string
  design: string
  talk: string
  pricing: string
  twoColumns: string
  twoColumnsText: string
  oneThird: string
  oneThirdText: string
  border: string
  borderText: string
  row: string
  rowText: string
  stack: string
  stackText: string
  summary: string
  detailsText: string
  cover: string
  mediaText: string
  mediaTextText: string
  fullWidth: string
  afterSpacer: string
}

const en: Strings = {
  link: (path) => path,
  text: 'Text',
  intro:
    'Paragraphs carry <strong>bold</strong>, <em>italic</em>, <a href="/services">links</a>, <code>inline code</code>, <mark>highlights</mark>, <sup>superscript</sup> and <sub>subscript</sub>.',
  brand: "This paragraph uses the theme's brand colour and a medium font size.",
  custom: 'This one has a custom text and background colour picked in the editor.',
  centred: 'A centred paragraph in a large font size.',
  lists: 'Lists',
  unordered: ['Named engineer for every client', 'Answers within 15 minutes', 'Monthly health report'],
  ordered: ['Call or email the help desk', 'We log and triage your ticket', 'An engineer fixes it and confirms'],
  quote: 'We stopped worrying about IT the week Kestrel took over.',
  quoteCite: 'Priya Shah, Operations Director',
  pullquote: 'Ninety-six per cent of our clients renew every year.',
  pullquoteCite: 'Kestrel annual report',
  codeHeading: 'Code, preformatted and verse',
  preformatted: 'Ticket   Status    Engineer\n#4812    Solved    Sam\n#4813    Open      Alex',
  verse: 'The server sleeps, the backups run,\nthe help desk waits for everyone.',
  tables: 'Tables',
  tableHead: ['Plan', 'Users', 'Response', 'Price'],
  tableRows: [
    ['Essentials', 'up to 10', '4 hours', '£35'],
    ['Business', 'up to 50', '1 hour', '£55'],
    ['Enterprise', '50+', '15 minutes', '£75'],
  ],
  tableFoot: 'All prices per user per month, excluding VAT',
  tableCaption: 'Support plans at a glance',
  media: 'Media',
  imageAlt: 'An engineer at a help desk, drawn as simple shapes',
  imageCaption: 'Our help desk in Leeds',
  galleryAlts: [
    'A cloud with arrows, drawn as simple shapes',
    'A shield, drawn as simple shapes',
    'A team at a table, drawn as simple shapes',
  ],
  galleryCaption: 'A gallery of three images',
  fileName: 'New starter checklist (PDF)',
  download: 'Download',
  videoCaption: 'A short video file, played by the browser itself',
  audioCaption: 'An audio file: the chime our phones make',
  youtubeCaption: 'A YouTube video: nothing loads from YouTube until you press play',
  vimeoCaption: 'A Vimeo video, behind the same click',
  design: 'Design',
  talk: 'Talk to an engineer',
  pricing: 'See pricing',
  twoColumns: 'Two columns',
  twoColumnsText: 'Columns keep the widths set in the editor: this one takes two thirds, the other one third with its own background.',
  oneThird: 'One third',
  oneThirdText: 'Columns stack on phones.',
  border: 'A group with a border',
  borderText: 'Groups carry background colours, borders, rounded corners and padding from the spacing presets.',
  row: 'Row:',
  rowText: 'items side by side',
  stack: 'Stack:',
  stackText: 'items one under another',
  summary: 'Details: what happens when I press this?',
  detailsText: 'The details block opens and closes without any script.',
  cover: 'A cover: text over an image, as wide as the editor made it.',
  mediaText: 'Media and text',
  mediaTextText: 'An image beside its text, stacked on phones.',
  fullWidth: 'A full-width group with the tint colour of the palette.',
  afterSpacer: 'Text after a spacer of 48 pixels.',
}

const de: Strings = {
  link: (path) => `/de${path}`,
  text: 'Text',
  intro:
    'Absätze tragen <strong>Fett</strong>, <em>Kursiv</em>, <a href="/de/services">Links</a>, <code>Code im Text</code>, <mark>Hervorhebungen</mark>, <sup>hochgestellt</sup> und <sub>tiefgestellt</sub>.',
  brand: 'Dieser Absatz nutzt die Markenfarbe des Themes und eine mittlere Schriftgröße.',
  custom: 'Dieser hat eine eigene Text- und Hintergrundfarbe aus dem Editor.',
  centred: 'Ein zentrierter Absatz in großer Schrift.',
  lists: 'Listen',
  unordered: ['Ein fester Techniker für jeden Kunden', 'Antwort innerhalb von 15 Minuten', 'Monatlicher Statusbericht'],
  ordered: ['Helpdesk anrufen oder mailen', 'Wir erfassen und priorisieren Ihr Ticket', 'Ein Techniker löst es und bestätigt'],
  quote: 'Seit Kestrel übernommen hat, machen wir uns um die IT keine Sorgen mehr.',
  quoteCite: 'Priya Shah, Leiterin Betrieb',
  pullquote: 'Sechsundneunzig Prozent unserer Kunden verlängern jedes Jahr.',
  pullquoteCite: 'Kestrel-Jahresbericht',
  codeHeading: 'Code, vorformatiert und Vers',
  preformatted: 'Ticket   Status    Techniker\n#4812    Gelöst    Sam\n#4813    Offen     Alex',
  verse: 'Der Server schläft, das Backup läuft,\nder Helpdesk wartet, bis wer ruft.',
  tables: 'Tabellen',
  tableHead: ['Paket', 'Nutzer', 'Reaktion', 'Preis'],
  tableRows: [
    ['Essentials', 'bis 10', '4 Stunden', '35 €'],
    ['Business', 'bis 50', '1 Stunde', '55 €'],
    ['Enterprise', 'ab 50', '15 Minuten', '75 €'],
  ],
  tableFoot: 'Alle Preise pro Nutzer und Monat, zzgl. MwSt.',
  tableCaption: 'Die Support-Pakete im Überblick',
  media: 'Medien',
  imageAlt: 'Ein Techniker am Helpdesk, als einfache Formen gezeichnet',
  imageCaption: 'Unser Helpdesk in Leeds',
  galleryAlts: [
    'Eine Wolke mit Pfeilen, als einfache Formen gezeichnet',
    'Ein Schild, als einfache Formen gezeichnet',
    'Ein Team am Tisch, als einfache Formen gezeichnet',
  ],
  galleryCaption: 'Eine Galerie mit drei Bildern',
  fileName: 'Checkliste für neue Mitarbeitende (PDF)',
  download: 'Herunterladen',
  videoCaption: 'Eine kurze Videodatei, vom Browser selbst abgespielt',
  audioCaption: 'Eine Audiodatei: der Klang unserer Telefone',
  youtubeCaption: 'Ein YouTube-Video: Von YouTube wird nichts geladen, bis Sie auf Abspielen drücken',
  vimeoCaption: 'Ein Vimeo-Video, hinter demselben Klick',
  design: 'Gestaltung',
  talk: 'Mit einem Techniker sprechen',
  pricing: 'Preise ansehen',
  twoColumns: 'Zwei Spalten',
  twoColumnsText: 'Spalten behalten die Breiten aus dem Editor: Diese nimmt zwei Drittel, die andere ein Drittel mit eigenem Hintergrund.',
  oneThird: 'Ein Drittel',
  oneThirdText: 'Auf dem Telefon stehen Spalten untereinander.',
  border: 'Eine Gruppe mit Rahmen',
  borderText: 'Gruppen tragen Hintergrundfarben, Rahmen, runde Ecken und Innenabstände aus den Abstands-Presets.',
  row: 'Zeile:',
  rowText: 'Elemente nebeneinander',
  stack: 'Stapel:',
  stackText: 'Elemente untereinander',
  summary: 'Details: Was passiert, wenn ich hier drücke?',
  detailsText: 'Der Details-Block öffnet und schließt sich ohne Skript.',
  cover: 'Ein Cover: Text über einem Bild, so breit, wie der Editor es gesetzt hat.',
  mediaText: 'Medien und Text',
  mediaTextText: 'Ein Bild neben seinem Text, auf dem Telefon untereinander.',
  fullWidth: 'Eine Gruppe über die volle Breite in der Tönungsfarbe der Palette.',
  afterSpacer: 'Text nach einem Abstandhalter von 48 Pixeln.',
}

export const strings: Record<string, Strings> = { en, de }
