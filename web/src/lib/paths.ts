/** Every route path, built in one place; ids in paths are obfuscated (product: orders.md#encoded-ids). */
import { encodeId } from '../../../shared/ids';

type Id = string | number;

export const paths = {
  login: '/',
  /** Two-factor set-up when an Admin requires it and the member has none yet (outside the admin frame). */
  twoFactorSetup: '/two-factor-setup',
  admin: {
    home: '/admin',
    countryOrderList: '/admin/country-order-list',
    gatewaySetting: '/admin/gateway-setting',
    exports: '/admin/exports',
    changePassword: '/admin/change-password',
    manageTeam: '/admin/manage-team',
    editTeamMember: (id: Id) => `/admin/manage-team/${encodeId(id)}`,
    processedOrders: '/admin/processed-order',
    viewOrder: (orderId: Id) => `/admin/view-order/${encodeId(orderId)}`,
    /** The order detail with Defence Pack 1 or 2 open. */
    defencePack: (orderId: Id, type: 1 | 2) => `/admin/view-order/${encodeId(orderId)}?defencePack=${type}`,
    sendInvoice: '/admin/send-invoice',
    processingLogs: '/admin/processed-by-info',
    informationRequestReport: '/admin/information-request-report',
    /** The Disputes report; `?from=YYYY-MM&to=YYYY-MM`, the last six months without them. */
    disputesReport: '/admin/disputes-report',
    viewProcessLogs: (orderId: Id) => `/admin/view-process-logs/${encodeId(orderId)}`,
    mailOutbox: '/admin/mail-outbox',
    security: '/admin/security',
  },
  public: {
    trackOrder: (orderId?: Id) => (orderId === undefined ? '/track-order' : `/track-order/${encodeId(orderId)}`),
    orderDetails: (orderId: Id) => `/get-new-order-details/${encodeId(orderId)}`,
  },
} as const;
