// The closed vocabularies of a profile. The catalogs label each as `profile.<field>.<value>`.

export const GENDERS = ['male', 'female'] as const;
export const SEXUALITIES = ['hetero', 'gay', 'lesbian', 'bi'] as const;
export const RELATIONSHIP_STATUSES = [
  'divorced',
  'living_together',
  'married',
  'unmarried',
  'single',
  'widowed',
] as const;
export const HAIR_COLOURS = ['black', 'brown', 'blond', 'red', 'grey', 'white', 'bald', 'other'] as const;
export const EYE_COLOURS = ['brown', 'blue', 'green', 'grey', 'hazel', 'other'] as const;
export const BODY_TYPES = ['slim', 'normal', 'fat'] as const;
export const TATTOOS = ['none', 'some', 'many'] as const;
export const REASONS = ['dating', 'relationship', 'friendship', 'chat', 'adventure', 'marriage'] as const;
export const PROFILE_STATUSES = ['active', 'disabled'] as const;
export const MEMBER_STATUSES = ['not_confirmed', 'active', 'suspended', 'deleted'] as const;

/** The fields of a profile's details list, in the order the profile view shows them. */
export const DETAIL_FIELDS = [
  'gender',
  'age',
  'sexuality',
  'relationship_status',
  'reason',
  'body_type',
  'hair_colour',
  'eye_colour',
  'tattoos',
] as const;

export type Gender = (typeof GENDERS)[number];
export type Sexuality = (typeof SEXUALITIES)[number];

/** Interests: about 50, each with an icon (an emoji, so no icon font is downloaded). */
export const INTERESTS: readonly { slug: string; icon: string }[] = [
  { slug: 'adventure', icon: '🧭' },
  { slug: 'anal_sex', icon: '🍑' },
  { slug: 'animals', icon: '🐾' },
  { slug: 'art', icon: '🎨' },
  { slug: 'astrology', icon: '✨' },
  { slug: 'bbq', icon: '🍖' },
  { slug: 'beach', icon: '🏖️' },
  { slug: 'beer', icon: '🍺' },
  { slug: 'biking', icon: '🚴' },
  { slug: 'bondage', icon: '⛓️' },
  { slug: 'coffee', icon: '☕' },
  { slug: 'cooking', icon: '🍳' },
  { slug: 'dancing', icon: '💃' },
  { slug: 'exchanging_pictures', icon: '📸' },
  { slug: 'fashion', icon: '👗' },
  { slug: 'foodie', icon: '🍽️' },
  { slug: 'gardening', icon: '🌱' },
  { slug: 'gym', icon: '🏋️' },
  { slug: 'hiking', icon: '🥾' },
  { slug: 'hugging', icon: '🤗' },
  { slug: 'kissing', icon: '💋' },
  { slug: 'lingerie', icon: '👙' },
  { slug: 'massages', icon: '💆' },
  { slug: 'masturbating', icon: '💦' },
  { slug: 'movies', icon: '🎬' },
  { slug: 'music', icon: '🎵' },
  { slug: 'one_night_stand', icon: '🌙' },
  { slug: 'oral_sex', icon: '👅' },
  { slug: 'outdoors', icon: '🏕️' },
  { slug: 'party', icon: '🎉' },
  { slug: 'photography', icon: '📷' },
  { slug: 'politics', icon: '🏛️' },
  { slug: 'public_sex', icon: '🌳' },
  { slug: 'reading', icon: '📚' },
  { slug: 'relationship', icon: '💞' },
  { slug: 'sadomasochism', icon: '🖤' },
  { slug: 'safe_sex', icon: '🛡️' },
  { slug: 'sex', icon: '🔥' },
  { slug: 'sex_toys', icon: '🎁' },
  { slug: 'shopping', icon: '🛍️' },
  { slug: 'sports', icon: '⚽' },
  { slug: 'sushi', icon: '🍣' },
  { slug: 'tattoos', icon: '🖋️' },
  { slug: 'tea', icon: '🍵' },
  { slug: 'theater', icon: '🎭' },
  { slug: 'threesome', icon: '👥' },
  { slug: 'travelling', icon: '✈️' },
  { slug: 'vegetarian', icon: '🥗' },
  { slug: 'video_games', icon: '🎮' },
  { slug: 'wine', icon: '🍷' },
];
