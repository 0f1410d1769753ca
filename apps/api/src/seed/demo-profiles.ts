/**
 * Where each demo entity is and since when: one address, PIN code and date of incorporation per
 * entity, used by the demo user's profile and by its registration, so that they agree (issue 11
 * item 23: every applicant had the same address and date).
 */
export interface DemoProfile {
  registeredAddress: string;
  pinCode: string;
  dateOfIncorporation: string;
}

export const DEMO_PROFILES: Record<string, DemoProfile> = {
  'Sunrise Textiles Ltd': {
    registeredAddress: 'Plot 12, GIDC Industrial Estate, Makarpura, Vadodara 390010',
    pinCode: '390010',
    dateOfIncorporation: '2008-04-01',
  },
  'Volt Power Traders Pvt Ltd': {
    registeredAddress: '7th Floor, Shivalik Plaza, Ambawadi, Ahmedabad 380015',
    pinCode: '380015',
    dateOfIncorporation: '2012-09-20',
  },
  'Kutch Wind Power Ltd': {
    registeredAddress: 'Survey 218, Bhachau–Anjar Highway, Bhachau, Kutch 370140',
    pinCode: '370140',
    dateOfIncorporation: '2014-02-11',
  },
  'Shreeji Ceramics Ltd': {
    registeredAddress: 'Survey 41, 8-A National Highway, Morbi 363642',
    pinCode: '363642',
    dateOfIncorporation: '2011-06-15',
  },
};

/** The demo profile of an entity (throws for an entity the table lacks: a seed bug). */
export function demoProfile(entityName: string): DemoProfile {
  const profile = DEMO_PROFILES[entityName];
  if (!profile) throw new Error(`No demo profile for ${entityName}`);
  return profile;
}
