import { describe, expect, it } from 'vitest';
import { type ContactKind, contactKinds, findContactDetails } from './contact-details';

const kinds = (text: string, countries: Parameters<typeof findContactDetails>[1] = ['NL', 'BE']) =>
  contactKinds(findContactDetails(text, countries));

const expectKinds = (
  cases: [string, ContactKind[]][],
  countries?: Parameters<typeof findContactDetails>[1],
) => {
  for (const [text, expected] of cases) expect(kinds(text, countries), text).toEqual(expected);
};

describe('findContactDetails: phone numbers', () => {
  it('finds phone numbers as members write them, in their languages', () => {
    expectKinds([
      ['bel me op 06-12345678', ['phone']],
      ['Bel me even: 06 123 456 78', ['phone']],
      ['+31 6 12345678', ['phone']],
      ['ruf mich an: 0151 23456789', ['phone']],
      ['appelle-moi au 06 12 34 56 78', ['phone']],
      ['06.12.34.56.78', ['phone']],
      ['Escríbeme al 612 345 678', ['phone']],
      ['Zadzwoń do mnie 512 345 678', ['phone']],
      ['soita 040 123 4567', ['phone']],
    ]);
  });

  it('reads a national number for the site countries, and one with + anywhere', () => {
    expect(kinds('ring mig på 20 12 34 56', ['DK'])).toEqual(['phone']);
    expect(kinds('ring meg på 412 34 567', ['NO'])).toEqual(['phone']);
    expect(kinds('+49 30 1234567', [])).toEqual(['phone']);
  });

  it('reads written-out and disguised digits', () => {
    expectKinds([
      ['nul zes een twee drie vier vijf zes zeven acht', ['phone']],
      ['zero six one two three four five six seven eight', ['phone']],
      ['null eins fünf eins zwei drei vier fünf sechs sieben acht', ['phone']],
      ['O6-l2345678', ['phone']],
      ['0 6 1 2 3 4 5 6 7 8', ['phone']],
      ['mijn nummer: 06 - 12 - 34 - 56 - 78', ['phone']],
      ['０６１２３４５６７８', ['phone']],
      ['06\u200b1234\u200b5678', ['phone']],
    ]);
  });

  it('leaves dates, times, amounts, measures and counted words alone', () => {
    expectKinds([
      ['ik ben geboren op 12-05-1990 om 14:30', []],
      ['tussen 1990 en 2000 woonde ik in Utrecht', []],
      ['het huis kostte 1.250.000 euro', []],
      ['ich bin 1,85 m groß und 85 kg', []],
      ['wij zijn 2 en 3 jaar', []],
      ['een twee drie', []],
      ['zes een twee en drie', []],
      ['Benchmark message 1234 from 5678', []],
    ]);
  });
});

describe('findContactDetails: addresses and links', () => {
  it('finds e-mail addresses, plain and spelled out', () => {
    expectKinds([
      ['jan.jansen@gmail.com', ['email']],
      ['jan at gmail dot com', ['email']],
      ['jan (at) hotmail (punt) nl', ['email']],
      ['mail mij: jan apenstaartje ziggo punt nl', ['email']],
      ['meine Mail ist max punkt mueller at gmx punkt de', ['email']],
      ['écris-moi : marie arobase orange point fr', ['email']],
      ['mijn hotmail is jan_88', ['email']],
    ]);
  });

  it('finds links and domains, but not a sentence typed without a space', () => {
    expectKinds([
      ['kijk op www.mijnsite.nl', ['link']],
      ['https://bit.ly/abc', ['link']],
      ['mijnprofiel.nl', ['link']],
      ['ga naar mijnsite punt nl', ['link']],
      ['Was leuk.De groeten', []],
      ['look at this. it is nice', []],
      ['Je suis au point de partir', []],
    ]);
  });
});

describe('findContactDetails: messengers and payment', () => {
  it('finds messengers and handles in the site languages', () => {
    expectKinds([
      ['schrijf me op whatsapp', ['messenger']],
      ['schreib mir auf WhatsApp', ['messenger']],
      ['écris-moi sur whatsapp', ['messenger']],
      ['stuur me een appje', ['messenger']],
      ['app me even', ['messenger']],
      ['add me on snapchat', ['messenger']],
      ['op snap: jan88', ['messenger']],
      ['add me on signal', ['messenger']],
      ['telegram @jan', ['messenger']],
      ['t.me/jan', ['messenger']],
      ['kik: jan88', ['messenger']],
      ['mijn insta is @jan_88', ['messenger']],
      ['wir können über Skype reden', ['messenger']],
    ]);
  });

  it('does not take everyday words for messengers', () => {
    expectKinds([
      ['snap je wat ik bedoel?', []],
      ['Send me a signal when you are free', []],
      ['I love the app, me too', []],
      ['Hej! Jag använder appen varje dag', []],
    ]);
  });

  it('finds payment handles, gift cards and crypto', () => {
    expectKinds([
      ['paypal.me/jan', ['link', 'payment']],
      ['stuur het naar NL91ABNA0417164300 aub', ['payment']],
      ['NL91 ABNA 0417 1643 00', ['payment']],
      ['DE89 3704 0044 0532 0130 00', ['payment']],
      ['my cashtag $jan88', ['payment']],
      ['Cash App $jan', ['payment']],
      ['buy me a steam card', ['payment']],
      ['een google play kaart van 100 euro', ['payment']],
      ['ik heb een cadeaukaart nodig', ['payment']],
      ['schick mir eine Amazon Karte', ['payment']],
      ['western union', ['payment']],
      ['send bitcoin to bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', ['payment']],
      ['0x52908400098527886E0F7030069857D2E4169EE7', ['payment']],
      ['1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', ['payment']],
    ]);
  });

  it('leaves prices and a wrong IBAN check alone', () => {
    expectKinds([
      ['it costs $50', []],
      ['NL91ABNA0417164301', []],
    ]);
  });
});

describe('findContactDetails', () => {
  it('finds nothing in ordinary first messages', () => {
    expectKinds([
      ['Hoi! Leuk profiel, zin om te kletsen?', []],
      ['ik woon in Amsterdam en werk als verpleegkundige, en ik hou van een goed boek', []],
      ['Hallo, wie geht es dir? Ich wohne in Köln und gehe gern wandern.', []],
      ['Salut ! Ton sourire m’a plu. Tu fais quoi ce week-end ?', []],
      ['Ciao, come stai? Mi piace molto viaggiare.', []],
      ['Hej, hur mår du? Jag gillar att laga mat.', []],
      ['Moi! Mitä kuuluu? Asun Helsingissä.', []],
      ['Cześć, jak się masz? Lubię góry.', []],
    ]);
  });

  it('names what it found, each thing once, in a fixed order', () => {
    expect(findContactDetails('Ti va di sentirci su WhatsApp? Il mio numero è 347 123 4567', ['IT'])).toEqual(
      [
        { kind: 'phone', match: '347 123 4567' },
        { kind: 'messenger', match: 'whatsapp' },
      ],
    );
    expect(findContactDetails('jan.jansen@gmail.com')).toEqual([
      { kind: 'email', match: 'jan.jansen@gmail.com' },
    ]);
  });

  it('stays fast on long and hostile texts', () => {
    const hostile = [
      'a.'.repeat(500),
      'ab.'.repeat(330),
      'jan at '.repeat(140),
      '1 '.repeat(500),
      'nl12 '.repeat(200),
    ];
    const started = performance.now();
    for (const text of hostile) findContactDetails(`${text}@`, ['NL']);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
