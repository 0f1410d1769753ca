import { describe, expect, it } from 'vitest';

import { normalizeForm } from '../forms/form.normalize';
import { validateForm } from '../forms/form.validate';
import {
  invitationFormDefinition,
  invitationFormValues,
  invitationSubmitPayload,
  proposalFloorPriceIssues,
  proposalFormDefinition,
  proposalFormValues,
} from './e-bidding.forms';
import { enEBidding } from './e-bidding.messages';
import { invitationSubmitSchema } from './e-bidding.schemas';
import { proposalSubmitSchema } from './e-bidding.proposal.schemas';

const APP = '00000000-0000-4000-8000-0000000000b1';

describe('Form ST2 definition (spec 000 §5)', () => {
  it('has the six steps of the specification', () => {
    expect(invitationFormDefinition.steps.map((s) => s.title)).toEqual([
      'General Information',
      'Anticipated Congestion (Sub-station Transformation Capacity)',
      'Anticipated Congestion (Intra-state Transmission System)',
      'Bid Details',
      'Bid invited for Intra-state Transmission System',
      'Declarations',
    ]);
    expect(invitationFormDefinition.title).toBe('Form ST2 – Congestion Information and Invitation of E–Bidding by SLDC');
  });

  it('requires on Submit what the API requires, with the same messages', () => {
    const web = validateForm(invitationFormDefinition, invitationFormValues(null), { today: '2026-11-21' });
    const api = invitationSubmitSchema.safeParse(invitationSubmitPayload({}, { isDraft: false, applicationIds: [APP] }));
    expect(api.success).toBe(false);
    const apiIssues = new Map<string, string[]>();
    for (const issue of api.error!.issues)
      apiIssues.set(String(issue.path[0]), [...(apiIssues.get(String(issue.path[0])) ?? []), issue.message]);
    // Every required field of the web form is required by the API with the same message …
    for (const e of web) expect(apiIssues.get(e.fieldName), e.fieldName).toEqual(expect.arrayContaining(e.errorMessages));
    // … and the web form asks for every field the API requires.
    expect(new Set(web.map((e) => e.fieldName))).toEqual(new Set([...apiIssues.keys()]));
    expect(web.find((e) => e.fieldName === 'lastDateOfSubmission')?.errorMessages).toEqual(['Last Date of Submission is required']);
  });

  it('builds a payload the API accepts from filled values', () => {
    const values = normalizeForm(invitationFormDefinition, {
      ...invitationFormValues(null),
      subStationDetails: ' Anand 132/66 kV ',
      availableMarginSubstation: '',
      transmissionSystemDetails: '132 kV line',
      congestionFromDate: '2031-05-10',
      congestionToDate: '2031-05-10',
      congestionFromTime: '10:00',
      congestionToTime: '12:00',
      availableMargin: 100,
      lastDateOfSubmission: '2026-11-25',
      deadLine: '18:00',
      bidOpeningDate: '2026-11-26',
      bidOpeningTime: '10:00',
      nameOfTransmissionSystem: 'Anand 132 kV',
      floorPrice: 0.1,
      place: 'Vadodara',
      authorizedPersonName: 'A. Engineer',
      authorizedPersonDesignation: 'Chief Engineer',
    });
    expect(validateForm(invitationFormDefinition, values, { today: '2026-11-21' })).toEqual([]);
    const payload = invitationSubmitPayload(values, {
      isDraft: false,
      applicationIds: [APP],
      saved: { id: '00000000-0000-4000-8000-0000000000a1', version: 3 },
    });
    expect(payload).toMatchObject({
      id: '00000000-0000-4000-8000-0000000000a1',
      version: 3,
      subStationDetails: 'Anand 132/66 kV',
      availableMarginSubstation: null,
      availableMargin: '100',
      floorPrice: '0.1',
      eBiddedApplications: [{ applicationId: APP }],
    });
    expect(invitationSubmitSchema.safeParse(payload).success).toBe(true);
  });
});

describe('Form ST3 floor price rule (spec 000 §5)', () => {
  it('refuses a quoted price below the floor price with the message of the specification', () => {
    expect(proposalFloorPriceIssues({ floorPrice: '0.10', quotedBidPrice: 0.09 })).toEqual([
      { fieldName: 'quotedBidPrice', message: enEBidding.validation.belowFloorPrice },
    ]);
    expect(enEBidding.validation.belowFloorPrice).toBe(
      'Quoted Bid Price (Rs/kWh) must be equal to or greater than the Floor Price (Rs/kWh)',
    );
  });

  it('accepts a price equal to (in any decimals) or above the floor, and leaves a missing price to the required check', () => {
    expect(proposalFloorPriceIssues({ floorPrice: '0.10', quotedBidPrice: 0.1 })).toEqual([]);
    expect(proposalFloorPriceIssues({ floorPrice: '0.1000', quotedBidPrice: '0.1' })).toEqual([]);
    expect(proposalFloorPriceIssues({ floorPrice: '0.10', quotedBidPrice: 2.5 })).toEqual([]);
    expect(proposalFloorPriceIssues({ floorPrice: '0.10', quotedBidPrice: null })).toEqual([]);
    expect(proposalFloorPriceIssues({ floorPrice: '', quotedBidPrice: 0.01 })).toEqual([]);
  });

  it('keeps everything read-only except the quoted price and the declarations', () => {
    const editable = proposalFormDefinition.steps
      .flatMap((s) => s.fields)
      .filter((f) => !f.readOnly)
      .map((f) => f.name);
    expect(editable).toEqual(['quotedBidPrice', 'place', 'authorizedPersonName', 'authorizedPersonDesignation']);
    const declarations = validateForm(proposalFormDefinition, { quotedBidPrice: 0.2 });
    expect(declarations.map((e) => e.fieldName).sort()).toEqual(['authorizedPersonDesignation', 'authorizedPersonName', 'place']);
    // The API asks for the same on Submit.
    const api = proposalSubmitSchema.safeParse({
      applicationId: APP,
      eBiddingInvitationId: APP,
      eBiddingApplicationId: APP,
      quotedBidPrice: '0.2',
      isDraft: false,
    });
    expect(api.error!.issues.map((i) => String(i.path[0])).sort()).toEqual([
      'authorizedPersonDesignation',
      'authorizedPersonName',
      'place',
    ]);
  });

  it('takes a quoted price with at most two decimals and shows times as HH:mm:ss (spec 000 §9)', () => {
    const declared = { place: 'Anand', authorizedPersonName: 'B', authorizedPersonDesignation: 'D' };
    const three = validateForm(proposalFormDefinition, { ...declared, quotedBidPrice: 0.125 });
    expect(three.map((e) => e.fieldName)).toEqual(['quotedBidPrice']);
    expect(validateForm(proposalFormDefinition, { ...declared, quotedBidPrice: 0.13 })).toEqual([]);
    const floor = invitationFormDefinition.steps.flatMap((s) => s.fields).find((f) => f.name === 'floorPrice');
    expect(floor).toMatchObject({ decimals: 2 });
    const values = proposalFormValues({
      congestionFromTime: '10:00',
      congestionToTime: '12:00',
      deadLine: '18:00',
    } as unknown as Parameters<typeof proposalFormValues>[0]);
    expect([values.congestionFromTime, values.congestionToTime, values.deadLine]).toEqual(['10:00:00', '12:00:00', '18:00:00']);
  });
});
