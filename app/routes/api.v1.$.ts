import { apiError } from "~/lib/api";
import { apiRoute } from "~/http/api-route.server";

/** Unknown API paths answer in JSON, not with the HTML 404 page. */
export const loader = apiRoute(async () => {
  return apiError(404, "Not found");
});

export const action = apiRoute(async () => {
  return apiError(404, "Not found");
});
