import { type CountryCode, findPhoneNumbersInText } from 'libphonenumber-js/max';

/**
 * Contact details and off-site payment in a chat message (automatic safety): what a scam
 * account's first messages carry to move a member off the site (a phone number, an address, a link,
 * a messenger) or to get paid (a payment handle, a gift card, crypto). Members write in eleven
 * languages and scammers disguise what they write ("nul zes …", "jan at gmail dot com"), so the
 * words are matched in those languages and written-out digits are read as digits, within reason: a
 * flag costs a moderator a look, a miss may cost a member money.
 *
 * Pure and cheap, for the send path runs it on every text before its transaction: one pass over the
 * words finds which patterns are worth running at all (most messages need none), and the phone
 * parser runs only on runs of digits long enough to be a number.
 */

export const CONTACT_KINDS = ['phone', 'email', 'link', 'messenger', 'payment'] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];
export type ContactFinding = { kind: ContactKind; match: string };

/** Compatibility forms (full-width digits…), no accents, no invisible characters. */
const plain = (text: string) =>
  // Most messages are plain ASCII: nothing to undo.
  /[^\u0020-\u007e\n\t]/.test(text)
    ? text.normalize('NFKD').replace(/[\u0300-\u036f\u00ad\u200b-\u200f\u2060\ufeff]/g, '')
    : text;

const wordsOf = (list: string) => plain(list).toLowerCase().split(/\s+/);

/** Letters and digits: ASCII by code, the rest by Unicode class (the loop meets ASCII mostly). */
const isWordChar = (text: string, i: number) => {
  const c = text.charCodeAt(i);
  if (c < 0x80) return (c >= 48 && c <= 57) || (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
  return /[\p{L}\p{N}]/u.test(text[i] as string);
};

// --- Words, in the site languages (accents removed, as the text's are) ------------------------------

/** Digits written out, each word to its digit. */
const NUMBER_WORDS = new Map<string, string>();
for (const [digit, list] of [
  'zero oh nul null noll nolla cero zéro',
  'one een één eins un une uno jeden jedna en ett yksi',
  'two twee zwei zwo deux dos due dwa to två kaksi',
  'three drie drei trois tres tre trzy kolme',
  'four vier quatre cuatro quattro cztery fire fyra neljä',
  'five vijf fünf fuenf cinq cinco cinque pięć fem viisi',
  'six zes sechs seis sei sześć seks sex kuusi',
  'seven zeven sieben sept siete sette siedem syv sju seitsemän',
  'eight acht huit ocho otto osiem otte åtte åtta kahdeksan',
  'nine negen neun neuf nueve nove dziewięć ni nio yhdeksän',
].entries())
  for (const word of wordsOf(list)) NUMBER_WORDS.set(word, String(digit));

/** Word groups: a word in the text sets its group's bit, and a pattern runs only when its bits are set. */
const GROUPS = {
  /** "at" and "dot" as people write them to hide an address. */
  at: 'at arroba apenstaartje apestaart klammeraffe affenschwanz arobase arobas chiocciola malpa małpa snabel miukumauku ät',
  dot: 'dot punt punkt point punto kropka prik piste',
  provider: 'gmail googlemail hotmail yahoo icloud gmx protonmail outlook ziggo kpnmail',
  /** Messengers and networks a scammer moves a chat to ("appje" is Dutch for a WhatsApp message). */
  messenger:
    'whatsapp whatsap whatsappp watsapp watsap wattsapp whats wapp appje appjes telegram snapchat kik viber wechat skype threema discord instagram insta facebook messenger tiktok',
  /** Everyday words that name a messenger only as a place to write ("snap je?" is Dutch for "you see?"). */
  context: 'snap signal ig sc app',
  payment:
    'paypal cashapp venmo zelle revolut tikkie bunq westernunion moneygram paysafe paysafecard neosurf bitcoin btc ethereum usdt tether crypto krypto binance coinbase',
  /** First words of two-word payment names (pay pal, cash app, western union). */
  paymentStart: 'pay cash western',
  brand: 'steam google play playstation itunes apple amazon psn xbox netflix ebay vanilla razer',
  giftCard:
    'gift giftcard giftcards cadeaukaart cadeaukaarten cadeaubon cadeaubonnen geschenkkarte gutscheinkarte carte tarjeta carta karta gavekort presentkort lahjakortti',
  /** Endings of a web or mail address, for "gmail . com". */
  tld: 'com net org info biz nl be de at ch fr it es pt pl dk fi no se uk co eu io me ly to gg tv cc app link xyz site online club live shop top vip ru us ca au',
} as const;
type Group = keyof typeof GROUPS;
const BIT = Object.fromEntries(Object.keys(GROUPS).map((g, i) => [g, 1 << i])) as Record<Group, number>;
const WORD_BITS = new Map<string, number>();
for (const [group, list] of Object.entries(GROUPS) as [Group, string][])
  for (const word of wordsOf(list)) WORD_BITS.set(word, (WORD_BITS.get(word) ?? 0) | BIT[group]);

const alternation = (group: Group) => wordsOf(GROUPS[group]).join('|');
const TLDS = alternation('tld');
const AT = `(?:@|\\b(?:${alternation('at').replace('snabel', 'snabel-?a')})\\b)`;
const DOT_WORD = `\\b(?:${alternation('dot')})\\b`;
/** How an "at" or a "dot" is set off: in brackets, or with spaces. */
const wrapped = (mark: string) => `\\s*[([{<]?\\s*${mark}\\s*[)\\]}>]?\\s*`;
/** A dot between the parts of an address: a word, a bracketed or spaced dot, or a plain one ("this. it" is not). */
const DOT_SEP = `(?:${wrapped(DOT_WORD)}|\\s*[([{<]\\s*\\.\\s*[)\\]}>]\\s*|\\s+\\.\\s+|\\.)`;
/** The name before an @: only from the start of a run of such characters, so a long run is read once. */
const NAME = '(?<![\\p{L}\\p{N}_.%+-])[\\p{L}\\p{N}_.%+-]';
const LABEL = '[\\p{L}\\p{N}-]';

// --- Patterns, each with what must be in the text before it is worth running ----------------------

type Scan = { norm: string; cased: string; bits: number; long: boolean };
type Pattern = { kind: ContactKind; re: RegExp; when: (s: Scan) => boolean; cased?: boolean };
const any = (s: Scan, ...groups: Group[]) => groups.some((g) => (s.bits & BIT[g]) !== 0);

const PATTERNS: Pattern[] = [
  // Addresses: plain, and with "at"/"dot" in words or brackets ("jan (at) gmail (dot) com").
  {
    kind: 'email',
    re: new RegExp(`${NAME}+@${LABEL}+(?:\\.${LABEL}+)*\\.\\p{L}{2,}`, 'gu'),
    when: (s) => s.norm.includes('@'),
  },
  {
    kind: 'email',
    re: new RegExp(`${NAME}{2,}${wrapped(AT)}${LABEL}{2,}${DOT_SEP}(?:${TLDS})\\b`, 'gu'),
    when: (s) => (s.norm.includes('@') || any(s, 'at')) && any(s, 'tld'),
  },
  {
    kind: 'email',
    re: new RegExp(`\\b(?:${alternation('provider').replace('outlook', 'outlook\\.com')})\\b`, 'gu'),
    when: (s) => any(s, 'provider'),
  },
  // Messengers, and the domains of their links.
  {
    kind: 'messenger',
    re: new RegExp(
      `\\b(?:whats\\s?app|app\\s?(?:me|mij)|wa\\.me|t\\.me|${alternation('messenger')})\\b`,
      'gu',
    ),
    when: (s) => any(s, 'messenger', 'context') || s.norm.includes('.me'),
  },
  {
    kind: 'messenger',
    re: /\b(?:on|op|via|auf|uber|sur|en|su|na|pa)\s+(?:snap|signal|ig|sc)\b|\b(?:snap|signal)\s+(?:me|mij|mir|moi|app)\b|\b(?:snap|signal|ig|sc)\s*:/gu,
    when: (s) => any(s, 'context'),
  },
  // A handle at the start of a word ("@jan_88"), not an address.
  { kind: 'messenger', re: /(?:^|[\s(,;:])@[\p{L}\p{N}_.]{3,30}/gu, when: (s) => s.norm.includes('@') },
  // Payment handles, services that move money without a trace, gift cards, crypto.
  {
    kind: 'payment',
    re: new RegExp(
      `\\b(?:pay\\s?pal(?:\\.me)?|cash\\s?app|western\\s?union|bunq\\.me|${alternation('payment')})\\b`,
      'gu',
    ),
    when: (s) => any(s, 'payment', 'paymentStart'),
  },
  {
    kind: 'payment',
    re: new RegExp(
      `\\b(?:google\\s?play|play\\s?store|${alternation('brand')})\\s*(?:gift\\s?)?(?:cards?|kaart(?:je)?|karte|karten|carte|tarjeta|carta|karta|kort|kortti|code|codes|gutschein|voucher)\\b`,
      'gu',
    ),
    when: (s) => any(s, 'brand'),
  },
  {
    kind: 'payment',
    re: /\b(?:gift\s?cards?|cadeaukaart(?:en)?|cadeaubon(?:nen)?|geschenkkarte|gutscheinkarte|carte[\s-]cadeau|tarjeta\s+regalo|carta\s+regalo|karta\s+podarunkowa|gavekort|presentkort|lahjakortti)\b/gu,
    when: (s) => any(s, 'giftCard'),
  },
  // A Cash App tag ($jan88): a dollar sign then a letter, unlike an amount.
  { kind: 'payment', re: /(?:^|[\s(])\$\p{L}[\p{L}\p{N}_]{2,19}\b/gu, when: (s) => s.norm.includes('$') },
  {
    kind: 'payment',
    re: /\b(?:bc1[a-z0-9]{25,59}|0x[a-f0-9]{40})\b/gu,
    when: (s) => s.long && (s.norm.includes('bc1') || s.norm.includes('0x')),
  },
  // A bitcoin address of the old form: case matters, and it mixes cases and digits.
  {
    kind: 'payment',
    re: /\b[13](?=[a-km-zA-HJ-NP-Z1-9]*[a-z])(?=[a-km-zA-HJ-NP-Z1-9]*[A-Z])[a-km-zA-HJ-NP-Z1-9]{25,34}\b/gu,
    when: (s) => s.long,
    cased: true,
  },
  // Links: a scheme, www., a name with a known ending ("mijnsite.nl"), or one written "site dot com".
  {
    kind: 'link',
    re: /\b(?:https?:\/\/|www\.)[^\s]+/gu,
    when: (s) => s.norm.includes('http') || s.norm.includes('www'),
  },
  {
    kind: 'link',
    re: new RegExp(`\\b${LABEL}{3,}${wrapped(DOT_WORD)}(?:${TLDS})\\b`, 'gu'),
    when: (s) => any(s, 'dot') && any(s, 'tld'),
  },
  // Matched with its case: "Leuk.De groeten" is a sentence typed without a space, "leuk.de" a link.
  {
    kind: 'link',
    re: new RegExp(
      `(?<![\\p{L}\\p{N}.-])${LABEL}{2,}(?:\\.${LABEL}{2,})*\\.(?:${TLDS})\\b(?:\\/[^\\s]*)?`,
      'gu',
    ),
    when: (s) => any(s, 'tld') && /\.\p{Ll}/u.test(s.cased),
    cased: true,
  },
];

// --- IBANs --------------------------------------------------------------------------------------

/**
 * IBANs: a country and two check digits, then letters and digits, with or without spaces in groups.
 * The longest stretch from a start whose check digits hold is the number (words may follow it).
 */
function findIbans(norm: string): string[] {
  const found: string[] = [];
  for (const start of norm.matchAll(/\b[a-z]{2}\d{2}/g)) {
    const tail = /^(?:[a-z0-9]| (?=[a-z0-9]))*/.exec(norm.slice(start.index, start.index + 48))?.[0] ?? '';
    const length = ibanLength(tail.replace(/ /g, ''));
    if (length === 0) continue;
    // Back to the text as written: as many characters as it takes to hold `length` of them.
    let taken = 0;
    let end = 0;
    while (taken < length && end < tail.length) if (tail[end++] !== ' ') taken++;
    found.push(tail.slice(0, end));
  }
  return found;
}

/**
 * The length of the longest IBAN (15 to 34 characters) that `compact` starts with, or 0: its check
 * (ISO 13616, mod 97 of the number with the first four characters moved to the end) is taken
 * for every length in one pass, each character adding to the remainder.
 */
function ibanLength(compact: string): number {
  const digitsOf = (ch: string) => (ch >= 'a' ? String(ch.charCodeAt(0) - 87) : ch);
  const head = [...compact.slice(0, 4)].map(digitsOf).join('');
  let headShift = 1;
  for (let i = 0; i < head.length; i++) headShift = (headShift * 10) % 97;
  const headRest = Number(head) % 97;
  let rest = 0;
  let best = 0;
  for (let i = 4; i < Math.min(34, compact.length); i++) {
    const part = digitsOf(compact[i] as string);
    rest = (rest * (part.length === 2 ? 100 : 10) + Number(part)) % 97;
    if (i + 1 >= 15 && (rest * headShift + headRest) % 97 === 1) best = i + 1;
  }
  return best;
}

// --- Phone numbers --------------------------------------------------------------------------------

/** What may stand between the parts of a number: spaces, dashes, dots, slashes, brackets, a plus. */
const JOINER = /^[\s\-./()+,_*|]{1,4}$/;
/** A token of digits with an O for a zero or an l/i for a one ("O6-l2345678"). */
const DIGITISH = /^(?=.*\d)[0-9oil]{2,}$/;
const DIGITISH_OR_DIGITS = /^[0-9oil]+$/;

/** Digits in a row that make a phone number without more ado: more than a date or a price has. */
const PHONE_DIGITS = 9;
/** Fewer digits than this make no phone number; from here to PHONE_DIGITS the parser decides. */
const PHONE_DIGITS_PARSED = 7;
/** Written-out digits count only several in a row: "één en twee" is no phone number. */
const NUMBER_WORDS_IN_A_ROW = 3;

/** Dates (12-05-2024) and times are numbers, not phone numbers; amounts (1.250.000,00) neither. */
const NOT_A_PHONE = [
  /(?<!\d[-./])\b\d{1,2}[-./]\d{1,2}[-./](?:\d{4}|\d{2})\b(?![-./]\d)/g,
  /\b\d{1,2}[:h]\d{2}\b/g,
];
const AMOUNT = /^[1-9]\d{0,2}(?:[.,]\d{3}){2,}(?:[.,]\d{1,2})?$/;

type Run = { digits: string; words: number; text: string };

/** Runs of number tokens (digits, and written-out digits when `words`) with what joins them. */
function numberRuns(text: string, words: boolean): Run[] {
  const runs: Run[] = [];
  let run: Run | null = null;
  let end = 0;
  const close = () => {
    if (run) runs.push(run);
    run = null;
  };
  eachWord(text, (token, start, stop) => {
    const gap = text.slice(end, start);
    end = stop;
    let digits: string | null = null;
    let isWord = false;
    if (/^\d+$/.test(token)) digits = token;
    else if (DIGITISH.test(token)) digits = token.replace(/o/g, '0').replace(/[il]/g, '1');
    else if (words && NUMBER_WORDS.has(token)) {
      digits = NUMBER_WORDS.get(token) as string;
      isWord = true;
    }
    if (digits === null) return close();
    const current = run as Run | null;
    if (current && JOINER.test(gap)) {
      current.digits += digits;
      current.text += gap + token;
      current.words += isWord ? 1 : 0;
      return;
    }
    close();
    // A plus just before the first digits is the international prefix.
    run = { digits, words: isWord ? 1 : 0, text: (gap.trimEnd().endsWith('+') ? '+' : '') + token };
  });
  close();
  return runs;
}

function findPhones(norm: string, countries: readonly CountryCode[]): string[] {
  const found: string[] = [];
  const cleaned = NOT_A_PHONE.reduce((t, re) => t.replace(re, ' '), norm);
  const candidates = [
    ...numberRuns(cleaned, false),
    ...numberRuns(cleaned, true).filter((r) => r.words >= NUMBER_WORDS_IN_A_ROW),
  ];
  for (const run of candidates) {
    const text = run.text.trim();
    if (run.digits.length < PHONE_DIGITS_PARSED || AMOUNT.test(text)) continue;
    if (run.digits.length >= PHONE_DIGITS) {
      found.push(text);
      continue;
    }
    // Seven or eight digits: a phone number only where the parser knows it (for a site country).
    const international = text.startsWith('+');
    const number = (international ? '+' : '') + run.digits;
    const known = (international ? [undefined] : countries).some(
      (country) => findPhoneNumbersInText(number, country ? { defaultCountry: country } : {}).length > 0,
    );
    if (known) found.push(text);
  }
  return found;
}

/** Calls `visit` with each word of the text (letters and digits), where it starts and where it ends. */
function eachWord(text: string, visit: (word: string, start: number, end: number) => void) {
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    const inWord = i < text.length && isWordChar(text, i);
    if (inWord && start < 0) start = i;
    else if (!inWord && start >= 0) {
      visit(text.slice(start, i), start, i);
      start = -1;
    }
  }
}

// --- The detector -------------------------------------------------------------------------------

/**
 * What the text carries, in the order of CONTACT_KINDS, each finding once (and not again inside a
 * longer finding of its kind). `countries` are the sender's site's: national phone numbers are read
 * for them; a number with + is read anyway.
 */
export function findContactDetails(text: string, countries: readonly CountryCode[] = []): ContactFinding[] {
  const cased = plain(text);
  const norm = cased.toLowerCase();

  // One pass over the words: their groups, a long word (a crypto address), digits, the longest run
  // of digits (joined as a number's parts are) and written-out digits in a row.
  let bits = 0;
  let long = false;
  let digits = 0;
  let run = 0;
  let longestRun = 0;
  let streak = 0;
  let spelled = false;
  let end = 0;
  eachWord(norm, (word, start, stop) => {
    bits |= WORD_BITS.get(word) ?? 0;
    if (word.length >= 26) long = true;
    let wordDigits = 0;
    for (let i = 0; i < word.length; i++) {
      const c = word.charCodeAt(i);
      if (c >= 48 && c <= 57) wordDigits++;
    }
    digits += wordDigits;
    const joined = end > 0 && JOINER.test(norm.slice(end, start));
    if (wordDigits > 0 && DIGITISH_OR_DIGITS.test(word)) {
      run = (joined ? run : 0) + word.length;
      longestRun = Math.max(longestRun, run);
    } else run = 0;
    if (NUMBER_WORDS.has(word)) {
      streak = joined && streak > 0 ? streak + 1 : 1;
      if (streak >= NUMBER_WORDS_IN_A_ROW) spelled = true;
    } else streak = 0;
    end = stop;
  });
  const scan: Scan = { norm, cased, bits, long };

  const findings: ContactFinding[] = [];
  const add = (kind: ContactKind, match: string) => {
    const m = match.trim().toLowerCase();
    if (m && !findings.some((f) => f.kind === kind && f.match.includes(m))) findings.push({ kind, match: m });
  };
  for (const pattern of PATTERNS) {
    if (!pattern.when(scan)) continue;
    for (const m of (pattern.cased ? cased : norm).matchAll(pattern.re)) {
      const match = m[0].trim().toLowerCase();
      // The domain of an address is not a link as well.
      if (pattern.kind === 'link' && findings.some((f) => f.kind === 'email' && f.match.includes(match)))
        continue;
      add(pattern.kind, match);
    }
  }
  const ibans = digits >= 4 && /[a-z]{2}\d{2}/.test(norm) ? findIbans(norm) : [];
  for (const iban of ibans) add('payment', iban);
  if (longestRun >= PHONE_DIGITS_PARSED || spelled) {
    const rest = ibans.reduce((s, iban) => s.replace(iban, ' '), norm);
    for (const phone of findPhones(rest, countries)) add('phone', phone);
  }
  const order = (f: ContactFinding) => CONTACT_KINDS.indexOf(f.kind);
  return findings.sort((a, b) => order(a) - order(b));
}

/** The kinds found, each once, in the order of CONTACT_KINDS. */
export const contactKinds = (findings: readonly ContactFinding[]): ContactKind[] =>
  CONTACT_KINDS.filter((kind) => findings.some((f) => f.kind === kind));
