// Membership and paid plans as the server answers them (application.md §2 dialog 2, §4): the plans
// and privileges on sale, the member's state and a payment order. The API client (src/app/api/member.ts),
// the payment machine and the member pages share these types.

export interface Plan {
  readonly m_id: string;
  readonly the_term: string;
  readonly discount_price: string;
  readonly original_price: string;
  readonly currency_symbol: string;
  readonly is_recommend: number;
  readonly is_preference: number;
  readonly space_mb?: number;
}

export interface Privilege {
  readonly name: string;
  readonly ico: string;
}

export interface MemberState {
  readonly is_member: boolean;
  readonly expire_time: string;
  readonly membership?: number;
  readonly payments?: number;
}

export interface PaymentOrder {
  readonly o_id: string;
  /** the QR code (an image URL) */
  readonly image: string;
  /** what the QR code holds: the provider's checkout page */
  readonly url: string;
  /** ms until the order expires */
  readonly expires_in: number;
}

export interface Loaded {
  readonly plans: readonly Plan[];
  readonly privileges: readonly Privilege[];
  readonly member: MemberState | null;
}
