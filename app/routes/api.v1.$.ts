import { refuse } from "~/domain/refusal";
import { apiRoute } from "~/http/api-route.server";

/** Unknown API paths answer in JSON, not with the HTML 404 page. */
export const loader = apiRoute(async () => {
  throw refuse.notFound("Not found");
});

export const action = apiRoute(async () => {
  throw refuse.notFound("Not found");
});
