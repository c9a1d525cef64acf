import type { Locale } from '../../common/constants';
import type { Rng } from './rng';

/**
 * Parts of the "about me" texts demo members write. This is member content in the member's own
 * language, not interface text, so it is data here rather than catalog keys. Phrases avoid
 * grammatical gender so any part fits any member.
 */
type Parts = { openers: readonly string[]; middles: readonly string[]; closers: readonly string[] };

const PARTS: Record<Locale, Parts> = {
  en: {
    openers: [
      'Easy-going and always up for a good laugh.',
      "New here and curious who I'll meet.",
      'I love long walks and even longer conversations.',
      'Coffee first, adventures after.',
      'Honest, a bit spontaneous and a good listener.',
      'Life is too short for boring chats.',
    ],
    middles: [
      "Weekends you'll find me at the market or on my bike.",
      "I cook a mean pasta and I'm happy to prove it.",
      'Music is always on in my house.',
      "I'm happiest by the sea or somewhere in the mountains.",
      'Friends say I am the one who plans the trips.',
      'I can spend hours in a good bookshop.',
      'After work I unwind with a walk and a glass of wine.',
    ],
    closers: [
      'Say hi if you like what you see!',
      'Looking for someone to share good moments with.',
      "Let's see where a first message takes us.",
      'Tell me about your favourite place.',
      'No games, just a real connection.',
    ],
  },
  nl: {
    openers: [
      'Spontaan, nuchter en altijd in voor een goede grap.',
      'Nieuw hier en benieuwd wie ik ga ontmoeten.',
      'Ik hou van lange wandelingen en nog langere gesprekken.',
      'Eerst koffie, dan avontuur.',
      'Eerlijk, een tikje spontaan en een goede luisteraar.',
      'Het leven is te kort voor saaie gesprekken.',
    ],
    middles: [
      'In het weekend sta ik op de markt of zit ik op de fiets.',
      'Ik maak een heerlijke pasta en bewijs dat graag.',
      'Bij mij thuis staat altijd muziek aan.',
      'Ik ben het gelukkigst aan zee of ergens in de bergen.',
      'Vrienden zeggen dat ik altijd de uitjes plan.',
      'In een goede boekwinkel kan ik uren rondkijken.',
      'Na het werk ontspan ik met een wandeling en een glas wijn.',
    ],
    closers: [
      'Stuur gerust een berichtje!',
      'Op zoek naar iemand om mooie momenten mee te delen.',
      'Eens kijken waar een eerste bericht ons brengt.',
      'Vertel me eens over jouw favoriete plek.',
      'Geen spelletjes, gewoon een echte klik.',
    ],
  },
  de: {
    openers: [
      'Unkompliziert, humorvoll und immer für einen Spaß zu haben.',
      'Neu hier und gespannt, wen ich kennenlerne.',
      'Ich liebe lange Spaziergänge und noch längere Gespräche.',
      'Erst Kaffee, dann Abenteuer.',
      'Ehrlich, ein bisschen spontan und ich kann gut zuhören.',
      'Das Leben ist zu kurz für langweilige Chats.',
    ],
    middles: [
      'Am Wochenende findest du mich auf dem Markt oder auf dem Rad.',
      'Ich koche eine fantastische Pasta und beweise es gern.',
      'Bei mir läuft immer Musik.',
      'Am glücklichsten bin ich am Meer oder in den Bergen.',
      'Meine Freunde sagen, ich plane immer die Ausflüge.',
      'In einer guten Buchhandlung kann ich Stunden verbringen.',
      'Nach der Arbeit entspanne ich bei einem Spaziergang und einem Glas Wein.',
    ],
    closers: [
      'Schreib mir einfach, wenn du magst!',
      'Ich suche jemanden, mit dem ich schöne Momente teilen kann.',
      'Mal sehen, wohin uns eine erste Nachricht führt.',
      'Erzähl mir von deinem Lieblingsort.',
      'Keine Spielchen, einfach echtes Kennenlernen.',
    ],
  },
  it: {
    openers: [
      'Amo ridere e prendere la vita con leggerezza.',
      'Ho appena iniziato qui e mi chiedo chi incontrerò.',
      'Adoro le lunghe passeggiate e le chiacchierate ancora più lunghe.',
      "Prima il caffè, poi l'avventura.",
      'Sincerità, un pizzico di spontaneità e tanta voglia di ascoltare.',
      'La vita è troppo breve per le chat noiose.',
    ],
    middles: [
      'Nel fine settimana mi trovi al mercato o in bicicletta.',
      'Faccio una pasta buonissima, chiedimi la ricetta.',
      "A casa mia c'è sempre musica.",
      'Il mare e la montagna sono i miei posti del cuore.',
      'Gli amici dicono che organizzo sempre io i viaggi.',
      'Posso passare ore in una bella libreria.',
      'Dopo il lavoro mi rilasso con una passeggiata e un bicchiere di vino.',
    ],
    closers: [
      'Scrivimi se ti va!',
      'Cerco qualcuno con cui condividere bei momenti.',
      'Vediamo dove ci porta un primo messaggio.',
      'Raccontami del tuo posto preferito.',
      'Niente giochetti, solo una connessione vera.',
    ],
  },
  fr: {
    openers: [
      "J'aime rire et prendre la vie du bon côté.",
      "Je viens d'arriver ici et j'ai hâte de faire des rencontres.",
      "J'adore les longues balades et les conversations encore plus longues.",
      "D'abord un café, ensuite l'aventure.",
      'Sincérité, un brin de spontanéité et une vraie écoute.',
      'La vie est trop courte pour les discussions ennuyeuses.',
    ],
    middles: [
      'Le week-end, on me trouve au marché ou à vélo.',
      'Je cuisine des pâtes délicieuses, demande-moi la recette.',
      'Chez moi, il y a toujours de la musique.',
      "C'est au bord de la mer ou à la montagne que je me sens le mieux.",
      "Mes amis disent que c'est toujours moi qui organise les voyages.",
      'Je peux passer des heures dans une bonne librairie.',
      'Après le travail, je me détends avec une balade et un verre de vin.',
    ],
    closers: [
      "Écris-moi si le cœur t'en dit !",
      "Je cherche quelqu'un avec qui partager de beaux moments.",
      'Voyons où un premier message nous mènera.',
      'Parle-moi de ton endroit préféré.',
      'Pas de jeux, juste une vraie connexion.',
    ],
  },
  es: {
    openers: [
      'Me encanta reír y tomarme la vida con calma.',
      'Acabo de llegar aquí y tengo curiosidad por saber a quién conoceré.',
      'Me encantan los paseos largos y las conversaciones aún más largas.',
      'Primero café, después aventura.',
      'Sinceridad, un toque de espontaneidad y ganas de escuchar.',
      'La vida es demasiado corta para chats aburridos.',
    ],
    middles: [
      'Los fines de semana me encontrarás en el mercado o en bici.',
      'Preparo una pasta buenísima, pídeme la receta.',
      'En mi casa siempre suena música.',
      'Donde mejor me siento es junto al mar o en la montaña.',
      'Mis amigos dicen que siempre soy yo quien organiza los viajes.',
      'Puedo pasar horas en una buena librería.',
      'Después del trabajo me relajo con un paseo y una copa de vino.',
    ],
    closers: [
      '¡Escríbeme si te apetece!',
      'Busco a alguien con quien compartir buenos momentos.',
      'Veamos adónde nos lleva un primer mensaje.',
      'Cuéntame cuál es tu lugar favorito.',
      'Nada de juegos, solo una conexión de verdad.',
    ],
  },
  pl: {
    openers: [
      'Lubię się śmiać i podchodzę do życia z luzem.',
      'Jestem tu od niedawna i ciekawi mnie, kogo poznam.',
      'Uwielbiam długie spacery i jeszcze dłuższe rozmowy.',
      'Najpierw kawa, potem przygoda.',
      'Szczerość, odrobina spontaniczności i umiejętność słuchania.',
      'Życie jest za krótkie na nudne rozmowy.',
    ],
    middles: [
      'W weekendy można mnie spotkać na targu albo na rowerze.',
      'Robię świetny makaron, zapytaj o przepis.',
      'U mnie w domu zawsze gra muzyka.',
      'Najlepiej czuję się nad morzem albo w górach.',
      'Znajomi mówią, że to ja zawsze planuję wyjazdy.',
      'Mogę spędzić godziny w dobrej księgarni.',
      'Po pracy relaksuję się na spacerze albo przy lampce wina.',
    ],
    closers: [
      'Napisz, jeśli masz ochotę!',
      'Szukam kogoś, z kim mogę dzielić piękne chwile.',
      'Zobaczmy, dokąd zaprowadzi nas pierwsza wiadomość.',
      'Opowiedz mi o swoim ulubionym miejscu.',
      'Bez gierek, po prostu prawdziwa relacja.',
    ],
  },
  da: {
    openers: [
      'Jeg elsker at grine og tager livet med ro.',
      'Ny herinde og spændt på, hvem jeg møder.',
      'Jeg elsker lange gåture og endnu længere samtaler.',
      'Først kaffe, så eventyr.',
      'Ærlig, lidt spontan og god til at lytte.',
      'Livet er for kort til kedelige samtaler.',
    ],
    middles: [
      'I weekenden finder du mig på markedet eller på cyklen.',
      'Jeg laver en fantastisk pasta og viser det gerne.',
      'Hjemme hos mig er der altid musik.',
      'Jeg er gladest ved havet eller i bjergene.',
      'Mine venner siger, at det altid er mig, der planlægger turene.',
      'Jeg kan bruge timer i en god boghandel.',
      'Efter arbejde slapper jeg af med en gåtur og et glas vin.',
    ],
    closers: [
      'Skriv endelig, hvis du har lyst!',
      'Jeg søger en at dele gode øjeblikke med.',
      'Lad os se, hvor en første besked fører os hen.',
      'Fortæl mig om dit yndlingssted.',
      'Ingen spil, bare ægte kemi.',
    ],
  },
  fi: {
    openers: [
      'Nauran mielelläni ja otan elämän rennosti.',
      'Uusi täällä ja utelias näkemään, kenet tapaan.',
      'Rakastan pitkiä kävelyjä ja vielä pidempiä keskusteluja.',
      'Ensin kahvi, sitten seikkailu.',
      'Rehellinen, vähän spontaani ja hyvä kuuntelija.',
      'Elämä on liian lyhyt tylsille keskusteluille.',
    ],
    middles: [
      'Viikonloppuisin minut löytää torilta tai pyörän selästä.',
      'Teen erinomaista pastaa ja todistan sen mielelläni.',
      'Kotonani soi aina musiikki.',
      'Olen onnellisimmillani meren rannalla tai tuntureilla.',
      'Ystävien mukaan minä suunnittelen aina reissut.',
      'Voin viettää tunteja hyvässä kirjakaupassa.',
      'Töiden jälkeen rentoudun kävelyllä ja lasillisella viiniä.',
    ],
    closers: [
      'Laita viestiä, jos kiinnostaa!',
      'Etsin jotakuta, jonka kanssa jakaa hyviä hetkiä.',
      'Katsotaan, mihin ensimmäinen viesti meidät vie.',
      'Kerro minulle lempipaikastasi.',
      'Ei pelejä, vain aitoa yhteyttä.',
    ],
  },
  nb: {
    openers: [
      'Jeg ler mye og tar livet med ro.',
      'Ny her og spent på hvem jeg møter.',
      'Jeg elsker lange turer og enda lengre samtaler.',
      'Først kaffe, så eventyr.',
      'Ærlig, litt spontan og god til å lytte.',
      'Livet er for kort for kjedelige samtaler.',
    ],
    middles: [
      'I helgene finner du meg på markedet eller på sykkelen.',
      'Jeg lager en fantastisk pasta og viser det gjerne.',
      'Hjemme hos meg står musikken alltid på.',
      'Jeg er lykkeligst ved sjøen eller på fjellet.',
      'Vennene mine sier at det alltid er jeg som planlegger turene.',
      'Jeg kan bruke timevis i en god bokhandel.',
      'Etter jobb slapper jeg av med en gåtur og et glass vin.',
    ],
    closers: [
      'Send meg en melding hvis du har lyst!',
      'Jeg ser etter noen å dele fine øyeblikk med.',
      'La oss se hvor en første melding tar oss.',
      'Fortell meg om favorittstedet ditt.',
      'Ingen spill, bare ekte kjemi.',
    ],
  },
  sv: {
    openers: [
      'Jag skrattar gärna och tar livet med ro.',
      'Ny här och nyfiken på vem jag ska träffa.',
      'Jag älskar långa promenader och ännu längre samtal.',
      'Först kaffe, sedan äventyr.',
      'Ärlig, lite spontan och en bra lyssnare.',
      'Livet är för kort för tråkiga samtal.',
    ],
    middles: [
      'På helgerna hittar du mig på marknaden eller på cykeln.',
      'Jag lagar en fantastisk pasta och bevisar det gärna.',
      'Hemma hos mig är musiken alltid på.',
      'Jag är lyckligast vid havet eller i fjällen.',
      'Mina vänner säger att det alltid är jag som planerar resorna.',
      'Jag kan tillbringa timmar i en bra bokhandel.',
      'Efter jobbet varvar jag ner med en promenad och ett glas vin.',
    ],
    closers: [
      'Skicka ett meddelande om du vill!',
      'Jag söker någon att dela fina stunder med.',
      'Vi får se vart ett första meddelande tar oss.',
      'Berätta om ditt favoritställe.',
      'Inga spel, bara äkta kemi.',
    ],
  },
};

/** A short "about me" in the member's language; some members leave it empty, as real ones do. */
export function aboutText(language: Locale, rng: Rng): string {
  if (rng.chance(0.08)) return '';
  const parts = PARTS[language];
  const sentences = [rng.pick(parts.openers), ...rng.sample(parts.middles, rng.int(1, 2))];
  if (rng.chance(0.8)) sentences.push(rng.pick(parts.closers));
  return sentences.join(' ');
}
