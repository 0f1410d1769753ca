/** The inter-state feature's public entry: what other features may import (docs/architecture.md, import rules). */
export { StandingClearanceVerificationResult } from './components/clearance-verification';
export { ConsentVerificationResult } from './components/consent-verification';
