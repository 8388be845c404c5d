/** Every route path, built in one place; ids in paths are obfuscated (spec section 3). */
import { encodeId } from '../../../shared/ids';

type Id = string | number;

export const paths = {
  login: '/',
  admin: {
    home: '/admin',
    recentOrders: '/admin/recent-order',
    myOrders: '/admin/my-order',
    futureOrders: '/admin/future-order',
    priorityOrders: '/admin/priority-order',
    pendingOrders: '/admin/pending-order',
    completedOrders: '/admin/completed-order',
    deletedOrders: '/admin/deleted-order',
    awaitingResponse: '/admin/awaiting-response',
    awaitingGovt: '/admin/awaiting-govt',
    customerCalled: '/admin/called',
    orderHistory: '/admin/order-history',
    contactCustomer: '/admin/contact-customer',
    refundOrders: '/admin/refund-order',
    chargeback: '/admin/chargeback',
    countryOrderList: '/admin/country-order-list',
    gatewaySetting: '/admin/gateway-setting',
    changePassword: '/admin/change-password',
    manageTeam: '/admin/manage-team',
    editTeamMember: (id: Id) => `/admin/manage-team/${encodeId(id)}`,
    processedOrders: '/admin/processed-order',
    viewOrder: (orderId: Id) => `/admin/view-order/${encodeId(orderId)}`,
    /** The order detail with Defence Pack 1 or 2 open. */
    defencePack: (orderId: Id, type: 1 | 2) => `/admin/view-order/${encodeId(orderId)}?defencePack=${type}`,
    sendInvoice: '/admin/send-invoice',
    processingLogs: '/admin/processed-by-info',
    viewProcessLogs: (orderId: Id) => `/admin/view-process-logs/${encodeId(orderId)}`,
    mailOutbox: '/admin/mail-outbox',
  },
  public: {
    trackOrder: (orderId?: Id) => (orderId === undefined ? '/track-order' : `/track-order/${encodeId(orderId)}`),
    orderDetails: (orderId: Id) => `/get-new-order-details/${encodeId(orderId)}`,
  },
} as const;
