import { z } from 'zod';

/** Passwords are 8 to 128 characters; the upper bound also caps the work one scrypt hash can be given. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** The values the password messages interpolate (`{{min}}`, `{{max}}`). */
export const PASSWORD_MESSAGE_VARS = { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH } as const;

/**
 * Passwords from the top of published breach lists, in the site's languages too ('wachtwoord',
 * 'passwort'…). Short words are here because a common word plus digits ('qwerty123') counts as common.
 */
const COMMON = new Set(
  `password passw0rd p@ssword p@ssw0rd qwerty qwertz azerty qwertyuiop asdfghjkl zxcvbnm qazwsx
  1qaz2wsx zaq12wsx 1q2w3e4r 1q2w3e4r5t 1q2w3e 123qwe qwe123 qweasd qweasdzxc 123qweasd 1234qwer
  abc abcd abc123 abcd1234 a1b2c3d4 iloveyou iloveu loveyou love lovely letmein welcome welkom
  willkommen bienvenue benvenuto bienvenido witaj velkommen tervetuloa valkommen admin administrator
  root master login user guest test tester default secret changeme monkey dragon shadow sunshine
  princess football baseball basketball soccer hockey superman batman spiderman starwars pokemon
  whatever trustno1 computer internet freedom michael jennifer michelle jessica ashley charlie
  daniel thomas jordan hunter ranger buster tigger ginger pepper cookie cheese summer winter
  autumn spring flower butterfly chocolate pussy sexy hottie lover fuckyou fuckme killer matrix
  liverpool chelsea arsenal manchester barcelona juventus ferrari mercedes corvette porsche
  wachtwoord geheim amsterdam rotterdam ajax feyenoord passwort hallo schatz fussball motdepasse
  soleil doudou chouchou contrasena contraseña amore ciao tesoro haslo kochanie zaq1 adgangskode
  kodeord passord salasana lösenord losenord hejsan sommar dating single sweet honey angel baby
  babygirl dating123 facebook google youtube instagram samsung apple iphone android minecraft
  naruto qwerty123 password1 password123 iloveyou1 11111111 00000000 88888888 12341234 11223344
  12121212 123123123 123321 654321 87654321 987654321 1234554321 147258369 159753 789456123
  asdf1234 zxcv1234 aaaaaa asdfasdf qwertyui`.split(/\s+/),
);

const TRAILING_FILLER = /[\d\s!@#$%^&*()_+=.,?~-]+$/;

/** Ascending or descending runs ('12345678', 'abcdefgh', '98765432') and one character repeated. */
function isTrivialSequence(p: string): boolean {
  if (new Set(p).size === 1) return true;
  const codes = [...p].map((c) => c.charCodeAt(0));
  const steps = new Set(codes.slice(1).map((c, i) => c - (codes[i] as number)));
  return steps.size === 1 && (steps.has(1) || steps.has(-1));
}

/** True for a password on the common list, such a word with digits or marks after it, or a run. */
export function isCommonPassword(password: string): boolean {
  const p = password.normalize('NFC').toLowerCase().trim();
  if (COMMON.has(p) || isTrivialSequence(p)) return true;
  const base = p.replace(TRAILING_FILLER, '');
  const leading = p.replace(/^[\d\s!@#$%^&*()_+=.,?~-]+/, '');
  return (base.length > 0 && COMMON.has(base)) || (leading.length > 0 && COMMON.has(leading));
}

/**
 * A new password (signup, reset, change). Messages are catalog keys; the two length messages take
 * PASSWORD_MESSAGE_VARS. Logging in checks only the bounds, so old passwords keep working.
 */
export const newPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, 'validation.passwordLength')
  .max(PASSWORD_MAX_LENGTH, 'validation.passwordLength')
  .refine((p) => !isCommonPassword(p), 'validation.passwordCommon');

/** A password as typed to prove who one is (login, password change): bounded, never judged. */
export const enteredPassword = z
  .string()
  .min(1, 'validation.required')
  .max(PASSWORD_MAX_LENGTH, 'validation.passwordLength');
