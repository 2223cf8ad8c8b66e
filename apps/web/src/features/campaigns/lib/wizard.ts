import { DRAFT_DEFAULTS } from '@cryptads/contract/campaign-messages';
import type {
  CampaignCreateInput,
  CampaignDetail,
  CampaignFieldsInput,
  CampaignKind,
  UploadResponse,
} from '@cryptads/contract/campaigns';
import { WIZARD_KINDS, type WizardKind } from '@cryptads/contract/paths';

/** The three wizards of docs/product/campaigns.md#wizards and their steps. */
export const WIZARDS = {
  display: ['General Details', 'Pricing Details', 'Audience Targeting', 'Upload Creatives'],
  native: ['General Details', 'Pricing Details', 'Audience Targeting', 'Native Setup'],
  popunder: ['General Details', 'Pricing Details', 'Audience Targeting'],
} as const satisfies Record<WizardKind, readonly string[]>;
export type WizardType = WizardKind;
export const isWizardType = (v: string | undefined): v is WizardType => WIZARD_KINDS.some((kind) => kind === v);

/** An uploaded image the wizard shows (the server's answer to POST /uploads). */
export type UploadedImage = Pick<UploadResponse, 'resource' | 'name' | 'url' | 'width' | 'height' | 'size'>;

export type NativeForm = {
  title: string;
  smallDescription: string;
  longDescription: string;
  callToAction: string;
  destinationWebsite: string;
  serviceName: string;
  thumbnail: UploadedImage | null;
  cover: UploadedImage | null;
};

/** Everything the wizard form holds; `activeStep`/`reached` are saved in the draft too. */
export type WizardValues = {
  kind: CampaignKind;
  name: string;
  landingUrl: string;
  category: number | null;
  runAfterApproval: boolean;
  price: number;
  paymentMode: number;
  trafficType: number;
  dailyBudget: number | null;
  throttleBudget: boolean;
  budgetFlag: boolean;
  budget: number | null;
  capping: number | null;
  cappingTime: number;
  device: number;
  countries: string[];
  allCountries: boolean;
  banners: UploadedImage[];
  native: NativeForm;
};

export const EMPTY_NATIVE: NativeForm = {
  title: '',
  smallDescription: '',
  longDescription: '',
  callToAction: '',
  destinationWebsite: '',
  serviceName: '',
  thumbnail: null,
  cover: null,
};

export function defaultValues(type: WizardType): WizardValues {
  const d = DRAFT_DEFAULTS;
  return {
    kind: type,
    name: d.name,
    landingUrl: d.landingUrl,
    category: null,
    runAfterApproval: d.runAfterApproval,
    price: d.price,
    paymentMode: d.paymentMode,
    trafficType: d.trafficType,
    dailyBudget: d.dailyBudget,
    throttleBudget: d.throttleBudget,
    budgetFlag: d.budgetFlag,
    budget: null,
    capping: d.capping,
    cappingTime: d.cappingTime,
    device: d.device,
    countries: [],
    allCountries: true,
    banners: [],
    native: EMPTY_NATIVE,
  };
}

export type DraftState = { values: WizardValues; activeStep: number; reached: number };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The wizard's state from a saved draft: known keys of the right type win over the
 * defaults, anything else is ignored (a draft written by an older screen must not break
 * the wizard). The steps are bounded by the wizard's length.
 */
export function restoreDraft(type: WizardType, data: Record<string, unknown> | null | undefined): DraftState {
  const values = defaultValues(type);
  if (!data) return { values, activeStep: 0, reached: 0 };
  const base = values as unknown as Record<string, unknown>;
  const source = isObject(data.values) ? data.values : {};
  for (const [key, fallback] of Object.entries(base)) {
    const v = source[key];
    if (v === undefined) continue;
    if (key === 'native' && isObject(v)) base.native = { ...EMPTY_NATIVE, ...v };
    else if (fallback === null || typeof v === typeof fallback || (Array.isArray(fallback) && Array.isArray(v)))
      base[key] = v;
  }
  if (type !== 'native') values.kind = type;
  else if (values.kind !== 'native' && values.kind !== 'application') values.kind = 'native';
  const last = WIZARDS[type].length - 1;
  const step = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? Math.min(Math.max(v, 0), last) : 0);
  const activeStep = step(data.activeStep);
  return { values, activeStep, reached: Math.max(activeStep, step(data.reached)) };
}

export const draftData = ({ values, activeStep, reached }: DraftState): Record<string, unknown> => ({
  activeStep,
  reached,
  values,
});

/** The POST /campaigns body from the wizard's values. */
export function createPayload(values: WizardValues): CampaignCreateInput {
  const n = values.native;
  const native = values.kind === 'native' || values.kind === 'application';
  return {
    kind: values.kind,
    name: values.name,
    landingUrl: values.landingUrl,
    price: values.price,
    paymentMode: values.paymentMode === 1 ? 1 : 0,
    trafficType: values.trafficType === 1 ? 1 : 0,
    runAfterApproval: values.runAfterApproval,
    dailyBudget: values.dailyBudget ?? Number.NaN,
    throttleBudget: values.throttleBudget,
    budgetFlag: values.budgetFlag,
    budget: values.budgetFlag ? values.budget : null,
    capping: values.capping ?? 0,
    cappingTime: values.cappingTime as CampaignCreateInput['cappingTime'],
    device: values.device as 1 | 2 | 3,
    countries: values.allCountries ? [] : values.countries,
    category: values.category ?? 0,
    creatives: values.kind === 'display' ? values.banners.map((b) => ({ resource: b.resource, name: b.name })) : [],
    nativeCreatives: native
      ? [
          {
            title: n.title,
            smallDescription: n.smallDescription,
            longDescription: n.longDescription,
            callToAction: n.callToAction,
            destinationWebsite: n.destinationWebsite,
            serviceName: n.serviceName,
            thumbnail: n.thumbnail ? { resource: n.thumbnail.resource, name: n.thumbnail.name } : null,
            cover: n.cover ? { resource: n.cover.resource, name: n.cover.name } : null,
          },
        ]
      : [],
  };
}

/** The setup form's values from a stored campaign. */
export function valuesFromCampaign(c: CampaignDetail): WizardValues {
  return {
    ...defaultValues('display'),
    kind: c.kind,
    name: c.name,
    landingUrl: c.landingUrl,
    category: c.category,
    runAfterApproval: c.runAfterApproval,
    price: c.price,
    paymentMode: c.paymentMode,
    trafficType: c.trafficType,
    dailyBudget: c.dailyBudget,
    throttleBudget: c.throttleBudget,
    budgetFlag: c.budgetFlag,
    budget: c.budget,
    capping: c.capping,
    cappingTime: c.cappingTime,
    device: c.device,
    countries: c.countries,
    allCountries: c.isAllCountries || c.countries.length === 0,
  };
}

/** PUT /campaigns/{id} fields from the setup form (the exclusion list is kept as stored). */
export function fieldsPayload(values: WizardValues, c: CampaignDetail): CampaignFieldsInput {
  const { kind: _kind, creatives: _c, nativeCreatives: _n, ...fields } = createPayload(values);
  return { ...fields, excludeFlag: c.excludeFlag, excludeList: c.excludeList };
}
