/**
 * The site's own paths, each written once: the screens, the stored files and the API's links that
 * other code names (redirects, links, the `url` of a file in an answer, the links in emails, signed
 * links, the pages a card payment comes back to). Routes, components and the domain call these
 * rather than spell a path; a route's file name (Remix's flat routes) is where each is served.
 */
export const paths = {
  /** The checkout of a product's package, with more of the page's state (`order`, `address`, `promo`). */
  checkout(productId: number, packageIndex: number, extra: Record<string, string | number> = {}): string {
    const params = new URLSearchParams({ package: String(packageIndex) });
    for (const [key, value] of Object.entries(extra)) params.set(key, String(value));
    return `/products/${productId}/checkout?${params}`;
  },
  /** A customer's order page, and its brief. */
  customerOrder: (orderId: number) => `/profile/orders/${orderId}`,
  /** A later payment of the customer's order (a change they accepted), paid on its own page. */
  laterPayment: (orderId: number, paymentId: number) => `/profile/orders/${orderId}/payments/${paymentId}`,
  brief: (orderId: number) => `/profile/orders/${orderId}/brief`,
  /** The studio's order page. */
  adminOrder: (orderId: number) => `/admin/orders/${orderId}`,
  /** A creator's order page in their workspace, and their workspace's queue. */
  studioOrder: (orderId: number) => `/studio/orders/${orderId}`,
  studio: "/studio",
  /** The page an invited colleague reviews an order's versions on. */
  guestReview: (token: string) => `/review/${token}`,
  /** A file of the brief or of a message. */
  orderAttachment: (orderId: number, attachmentId: number) => `/orders/${orderId}/attachments/${attachmentId}`,
  /** A delivered preview or file. */
  deliveryFile: (orderId: number, fileId: number) => `/orders/${orderId}/files/${fileId}`,
  /** A master (with a signature: `signedMasterPath`), and a delivery's masters as one ZIP. */
  master: (orderId: number, fileId: number) => `/orders/${orderId}/masters/${fileId}`,
  mastersZip: (orderId: number, deliveryId: number) => `/orders/${orderId}/deliveries/${deliveryId}/masters.zip`,
  /** The API's link to a released master (it answers a signed link). */
  masterApi: (orderId: number, deliveryId: number, fileId: number) => `/api/v1/orders/${orderId}/deliveries/${deliveryId}/masters/${fileId}`,
} as const;
