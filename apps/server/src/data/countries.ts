/**
 * ISO 3166-1 alpha-2 countries for targeting and website options, with English names from
 * the runtime's CLDR data. Options reach the web app through the API, never as web constants.
 */
const CODES =
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'.split(
    ' ',
  );

const names = new Intl.DisplayNames(['en'], { type: 'region' });

export type Country = { code: string; name: string };

export const COUNTRIES: Country[] = CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
  a.name.localeCompare(b.name, 'en'),
);

export const COUNTRY_CODES = new Set(CODES);

/** Groups an advertiser can target in one click. */
export const COUNTRY_GROUPS: { name: string; countries: string[] }[] = [
  {
    name: 'Tier 1',
    countries: ['US', 'CA', 'GB', 'AU', 'NZ', 'IE', 'DE', 'FR', 'NL', 'CH', 'AT', 'BE', 'DK', 'SE', 'NO', 'FI'],
  },
  {
    name: 'European Union',
    countries: 'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE'.split(' '),
  },
  { name: 'North America', countries: ['US', 'CA', 'MX'] },
  {
    name: 'Latin America',
    countries: [
      'AR',
      'BO',
      'BR',
      'CL',
      'CO',
      'CR',
      'DO',
      'EC',
      'GT',
      'HN',
      'MX',
      'NI',
      'PA',
      'PE',
      'PY',
      'SV',
      'UY',
      'VE',
    ],
  },
  { name: 'Asia', countries: ['CN', 'HK', 'ID', 'IN', 'JP', 'KR', 'MY', 'PH', 'SG', 'TH', 'TW', 'VN', 'PK', 'BD'] },
  { name: 'Africa', countries: ['NG', 'ZA', 'KE', 'GH', 'EG', 'MA', 'TZ', 'UG'] },
  { name: 'Middle East', countries: ['AE', 'SA', 'QA', 'KW', 'BH', 'OM', 'IL', 'TR', 'JO'] },
];
