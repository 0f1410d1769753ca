import type { EntityType } from '../account/roles';
import type { FormDefinition, FormField, FormRule, FormStep, Option, UploadKind } from '../forms/form.types';
import { enForms } from '../messages/en.forms';
import { enRegistrations } from '../messages/en.registrations';

/**
 * Registration forms per entity type (DOMAIN-REFERENCE.md §4.2 and the spec's generic entities),
 * as data for the one renderer and the server's validation. Each entity type composes the steps it
 * needs; field names are the payload's.
 */
const L = enRegistrations.fields;
const S = enRegistrations.steps;

const opts = (values: readonly string[]): Option[] => values.map((v) => ({ value: v, label: v }));
const DOCS: UploadKind[] = ['pdf', 'image'];

export const APPLICANT_CATEGORIES = ['SSGS', 'IPP', 'CPP', 'DISCOM', 'Deemed Distribution Licensee', 'C&I Consumer', 'Trader'] as const;
export const RENEWABLE_TYPES = ['Wind power', 'Solar power', 'Small hydro power', 'Biomass power', 'Waste to Power'] as const;
export const CONVENTIONAL_TYPES = ['Coal', 'Lignite', 'Gas', 'Hydro'] as const;
export const REGULATORS = ['CERC', 'SERC'] as const;
export const TRADER_CATEGORIES = ['I', 'II', 'III', 'IV', 'V'] as const;
export const CONSUMER_TYPES = ['Embedded Consumer', 'Full Open Access Consumer'] as const;
export const GENERATOR_TYPES = ['SSGS', 'IPP', 'CPP'] as const;
export const VOLTAGE_LEVELS = ['11', '33', '66', '132', '220', '400'] as const;
export const INDIAN_STATES = [
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chhattisgarh',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
  'Andaman and Nicobar Islands',
  'Chandigarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Jammu and Kashmir',
  'Ladakh',
  'Lakshadweep',
  'Puducherry',
] as const;

const voltageOptions: Option[] = VOLTAGE_LEVELS.map((v) => ({ value: v, label: `${v} kV` }));
const mw = { inputType: 'number', unit: 'MW', decimals: 2, min: 0 } as const;

const entityStep = (entityType: EntityType): FormStep => ({
  id: 'entity',
  title: S.entity,
  fields: [
    { kind: 'title', name: 'entityTitle', label: S.entity, width: 'full' },
    { kind: 'text', name: 'entityName', label: L.entityName, required: true, maxLength: 200 },
    entityType === 'Trader'
      ? { kind: 'displayText', name: 'applicantCategoryText', label: L.applicantCategory, helperText: 'Trader' }
      : {
          kind: 'combo',
          name: 'applicantCategory',
          label: L.applicantCategory,
          required: true,
          options: opts(APPLICANT_CATEGORIES.filter((c) => c !== 'Trader')),
        },
    { kind: 'text', name: 'panNo', label: L.panNo, required: true, pattern: 'pan', maxLength: 10 },
    { kind: 'text', name: 'gstin', label: L.gstin, required: true, pattern: 'gstin', maxLength: 15 },
    { kind: 'text', name: 'cin', label: L.cin, pattern: 'cin', maxLength: 21 },
    { kind: 'text', name: 'tan', label: L.tan, pattern: 'tan', maxLength: 10 },
    { kind: 'date', name: 'dateOfIncorporation', label: L.dateOfIncorporation, required: true, max: 'today' },
    {
      kind: 'text',
      name: 'registeredAddress',
      label: L.registeredAddress,
      required: true,
      inputType: 'textarea',
      maxLength: 500,
      width: 'full',
    },
    { kind: 'combo', name: 'state', label: L.state, required: true, options: opts(INDIAN_STATES) },
    { kind: 'text', name: 'pinCode', label: L.pinCode, required: true, pattern: 'pinCode', maxLength: 6 },
  ],
});

const representativeStep: FormStep = {
  id: 'representative',
  title: S.representative,
  fields: [
    { kind: 'text', name: 'representativeName', label: L.representativeName, required: true, maxLength: 100 },
    { kind: 'text', name: 'designation', label: L.designation, required: true, maxLength: 100 },
    { kind: 'text', name: 'mobile', label: L.mobile, required: true, pattern: 'mobile', inputType: 'tel', maxLength: 13 },
    { kind: 'text', name: 'email', label: L.email, required: true, pattern: 'email', inputType: 'email', maxLength: 254 },
    { kind: 'emailChips', name: 'alertEmails', label: L.alertEmails, maxItems: 10, width: 'full', helperText: L.alertEmailsHelp },
    { kind: 'file', name: 'authorityLetterFileId', label: L.authorityLetter, required: true, accept: DOCS },
  ],
};

const drawalStep: FormStep = {
  id: 'drawal',
  title: S.drawal,
  fields: [
    { kind: 'combo', name: 'discomId', label: L.discom, required: true, optionSource: 'discoms' },
    { kind: 'combo', name: 'consumerType', label: L.consumerType, required: true, options: opts(CONSUMER_TYPES) },
    { kind: 'text', name: 'consumerNumber', label: L.consumerNumber, required: true, maxLength: 50 },
    { kind: 'text', name: 'tariffCategory', label: L.tariffCategory, required: true, maxLength: 50 },
    { kind: 'text', name: 'sanctionedLoad', label: L.sanctionedLoad, required: true, ...mw },
    { kind: 'text', name: 'contractDemand', label: L.contractDemand, required: true, ...mw },
    { kind: 'text', name: 'stoaDrawlQuantum', label: L.stoaDrawlQuantum, required: true, ...mw },
    { kind: 'combo', name: 'drawalVoltage', label: L.drawalVoltage, required: true, options: voltageOptions },
    { kind: 'text', name: 'drawalSubstation', label: L.drawalSubstation, required: true, maxLength: 100 },
    { kind: 'text', name: 'feederName', label: L.feederName, required: true, maxLength: 100 },
    { kind: 'radio', name: 'dedicatedFeeder', label: L.dedicatedFeeder, required: true, yesNo: true },
    { kind: 'zoneDetails', name: 'zones', label: L.zones, required: true, minRows: 1, maxRows: 20, width: 'full' },
  ],
};

const injectionStep: FormStep = {
  id: 'injection',
  title: S.injection,
  fields: [
    { kind: 'combo', name: 'transcoId', label: L.transco, required: true, optionSource: 'transcos' },
    { kind: 'combo', name: 'generatorType', label: L.generatorType, required: true, options: opts(GENERATOR_TYPES) },
    {
      kind: 'radio',
      name: 'isRe',
      label: L.isRe,
      required: true,
      options: [
        { value: 'RE', label: 'RE' },
        { value: 'Non-RE', label: 'Non-RE' },
      ],
    },
    {
      kind: 'comboOthers',
      name: 'fuelType',
      label: L.renewableType,
      required: true,
      options: opts(RENEWABLE_TYPES),
      visibleWhen: { field: 'isRe', equals: 'RE' },
    },
    {
      kind: 'comboOthers',
      name: 'conventionalFuelType',
      label: L.conventionalType,
      required: true,
      options: opts(CONVENTIONAL_TYPES),
      visibleWhen: { field: 'isRe', equals: 'Non-RE' },
    },
    { kind: 'text', name: 'installedCapacity', label: L.installedCapacity, required: true, ...mw },
    { kind: 'text', name: 'auxiliaryConsumption', label: L.auxiliaryConsumption, required: true, ...mw },
    {
      kind: 'text',
      name: 'exBusQuantum',
      label: L.exBusQuantum,
      ...mw,
      readOnly: true,
      computed: { difference: ['installedCapacity', 'auxiliaryConsumption'] },
    },
    { kind: 'text', name: 'stoaInjectionQuantum', label: L.stoaInjectionQuantum, required: true, ...mw },
    { kind: 'text', name: 'ppaTiedCapacity', label: L.ppaTiedCapacity, ...mw },
    { kind: 'combo', name: 'injectionVoltage', label: L.injectionVoltage, required: true, options: voltageOptions },
    { kind: 'text', name: 'injectionSubstation', label: L.injectionSubstation, required: true, maxLength: 100 },
    { kind: 'text', name: 'connectivityApprovalNo', label: L.connectivityApprovalNo, required: true, maxLength: 50 },
    { kind: 'unitDetails', name: 'units', label: L.units, required: true, minRows: 1, maxRows: 50, width: 'full' },
  ],
};

const traderStep: FormStep = {
  id: 'trader',
  title: S.trader,
  fields: [
    { kind: 'text', name: 'tradingLicenceNo', label: L.tradingLicenceNo, required: true, maxLength: 50 },
    { kind: 'radio', name: 'issuingAuthority', label: L.issuingAuthority, required: true, options: opts(REGULATORS) },
    { kind: 'combo', name: 'traderCategory', label: L.traderCategory, required: true, options: opts(TRADER_CATEGORIES) },
    { kind: 'date', name: 'licenceValidUpto', label: L.licenceValidUpto, required: true, min: 'today' },
    { kind: 'file', name: 'tradingLicenceFileId', label: L.tradingLicence, required: true, accept: DOCS },
  ],
};

const bankStep: FormStep = {
  id: 'bank',
  title: S.bank,
  fields: [
    { kind: 'text', name: 'accountHolderName', label: L.accountHolderName, required: true, maxLength: 100 },
    { kind: 'text', name: 'bankName', label: L.bankName, required: true, maxLength: 100 },
    { kind: 'text', name: 'accountNumber', label: L.accountNumber, required: true, maxLength: 20 },
    { kind: 'text', name: 'ifsc', label: L.ifsc, required: true, pattern: 'ifsc', maxLength: 11 },
    { kind: 'file', name: 'cancelledChequeFileId', label: L.cancelledCheque, required: true, accept: DOCS },
  ],
};

const documentsStep = (entityType: EntityType): FormStep => {
  const plant = entityType !== 'Trader';
  const fields: FormField[] = [
    { kind: 'file', name: 'registrationCertificateFileId', label: L.registrationCertificate, required: true, accept: DOCS },
    { kind: 'file', name: 'panCardFileId', label: L.panCard, required: true, accept: DOCS },
    { kind: 'file', name: 'gstCertificateFileId', label: L.gstCertificate, required: true, accept: DOCS },
    { kind: 'file', name: 'noDuesCertificateFileId', label: L.noDuesCertificate, required: plant, accept: DOCS },
  ];
  if (plant) {
    fields.push(
      { kind: 'file', name: 'singleLineDiagramFileId', label: L.singleLineDiagram, required: true, accept: DOCS },
      { kind: 'file', name: 'connectivityLetterFileId', label: L.connectivityLetter, required: true, accept: DOCS },
      { kind: 'file', name: 'meterTestCertificateFileId', label: L.meterTestCertificate, required: true, accept: DOCS },
      { kind: 'date', name: 'meterTestCertificateValidUpto', label: L.meterTestCertificateValidUpto, required: true, min: 'today' },
    );
  }
  return { id: 'documents', title: S.documents, fields };
};

const declarationsStep = (entityType: EntityType): FormStep => ({
  id: 'declarations',
  title: S.declarations,
  fields: [
    { kind: 'displayText', name: 'declarationsText', label: L.declarationsIntro, width: 'full' },
    ...(entityType === 'Trader'
      ? []
      : ([
          { kind: 'checkbox', name: 'acceptMinimumDemand', label: L.acceptMinimumDemand, required: true, width: 'full' },
          { kind: 'checkbox', name: 'acceptVoltageLevel', label: L.acceptVoltageLevel, required: true, width: 'full' },
          { kind: 'checkbox', name: 'acceptMetering', label: L.acceptMetering, required: true, width: 'full' },
        ] as FormField[])),
    { kind: 'checkbox', name: 'acceptNoDues', label: L.acceptNoDues, required: true, width: 'full' },
    { kind: 'checkbox', name: 'acceptTerms', label: L.acceptTerms, required: true, width: 'full' },
  ],
});

const drawalRules: FormRule[] = [
  { kind: 'notGreaterThan', field: 'contractDemand', than: 'sanctionedLoad', message: enForms.rules.contractDemandWithinSanctioned },
];
const injectionRules: FormRule[] = [
  { kind: 'lessThan', field: 'auxiliaryConsumption', than: 'installedCapacity', message: enForms.rules.auxiliaryBelowInstalled },
  { kind: 'lessThan', field: 'stoaInjectionQuantum', than: 'exBusQuantum', message: enForms.rules.injectionBelowExBus },
  {
    kind: 'sumNotGreaterThan',
    field: 'units',
    column: 'capacity',
    than: 'installedCapacity',
    message: enForms.rules.totalCapacityWithinInstalled,
  },
];

function definition(entityType: EntityType): FormDefinition {
  const drawee = entityType === 'DraweeEntity' || entityType === 'BothEntity';
  const injecting = entityType === 'InjectingEntity' || entityType === 'BothEntity';
  const steps: FormStep[] = [entityStep(entityType), representativeStep];
  if (drawee) steps.push(drawalStep);
  if (injecting) steps.push(injectionStep);
  if (entityType === 'Trader') steps.push(traderStep);
  steps.push(bankStep, documentsStep(entityType), declarationsStep(entityType));
  return {
    id: `${entityType}Registration`,
    title: enRegistrations.formTitle[entityType],
    steps,
    rules: [...(drawee ? drawalRules : []), ...(injecting ? injectionRules : [])],
  };
}

export const REGISTRATION_FORMS: Record<EntityType, FormDefinition> = {
  InjectingEntity: definition('InjectingEntity'),
  DraweeEntity: definition('DraweeEntity'),
  BothEntity: definition('BothEntity'),
  Trader: definition('Trader'),
};

/** The fields of a Trader registration that 'Edit Trader Details' may change on an approved record. */
export const TRADER_EDITABLE_FIELDS = [
  'tradingLicenceNo',
  'issuingAuthority',
  'traderCategory',
  'licenceValidUpto',
  'tradingLicenceFileId',
] as const;

/** The documents of a registration with their labels (file fields of the definition), for file validation. */
export function registrationDocuments(entityType: EntityType): { name: string; label: string; validityField?: string }[] {
  const out: { name: string; label: string; validityField?: string }[] = [];
  for (const step of REGISTRATION_FORMS[entityType].steps) {
    for (const f of step.fields) {
      if (f.kind === 'file') {
        const validityField =
          f.name === 'meterTestCertificateFileId'
            ? 'meterTestCertificateValidUpto'
            : f.name === 'tradingLicenceFileId'
              ? 'licenceValidUpto'
              : undefined;
        out.push({ name: f.name, label: f.label, ...(validityField ? { validityField } : {}) });
      }
    }
  }
  return out;
}

/** What the pre-registration (Form-A) already told the portal about the applicant (the profile). */
export interface RegistrationPrefillSource {
  entityName: string | null;
  panCardNumber: string | null;
  registeredAddress: string | null;
  dateOfIncorporation: string | null;
  contactPersonName: string | null;
  contactNumber: string | null;
  email: string | null;
}

/**
 * The starting values of a new registration: the pre-registration's entity name, PAN, registered
 * address, date of incorporation and contact person, each only where the entity type's form has
 * the matching field and the profile has a value.
 */
export function registrationPrefill(entityType: EntityType, source: RegistrationPrefillSource): Record<string, string> {
  const candidates: Record<string, string | null> = {
    entityName: source.entityName,
    panNo: source.panCardNumber?.toUpperCase() ?? null,
    registeredAddress: source.registeredAddress,
    dateOfIncorporation: source.dateOfIncorporation,
    representativeName: source.contactPersonName,
    mobile: source.contactNumber,
    email: source.email,
  };
  const names = new Set(REGISTRATION_FORMS[entityType].steps.flatMap((s) => s.fields.map((f) => f.name)));
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(candidates)) {
    const text = value?.trim();
    if (text && names.has(name)) out[name] = text;
  }
  return out;
}
