/**
 * app/auth's public face: what routes, the adapters in app/http and the Worker's edge may use. The
 * files beside it are its own (ESLint refuses imports of them from outside app/auth).
 */
export { getUser, listUsers, listUsersWithVerification, updateName } from "./accounts.server";
export type { AdminView, CreatorAccountView, UserView } from "./accounts.server";
export { apiChangePassword, apiRefresh, apiSignIn, apiSignOut, apiSignUp, apiUpdateProfile } from "./api-auth.server";
export {
  getCustomer,
  getSignedInAdmin,
  orderFileViewer,
  requireAdmin,
  requireAdminForFetch,
  apiTokenAccount,
  requireApiAdmin,
  requireApiAnyAccount,
  requireApiOrderParty,
  requireCreator,
  requireCreatorForFetch,
  getSignedInCreator,
  CREATOR_SUSPENDED,
  workingCreator,
  requireApiCustomer,
  requireApiToken,
  requireCustomer,
} from "./auth.server";
export type { SignedInCustomer } from "./auth.server";
export { confirmationFor, confirmEmail, resendVerification } from "./email-verification.server";
export { changeAccountPassword, isLiveResetToken, requestPasswordReset, resetPassword } from "./password-recovery.server";
export { passwordCost, type PasswordCost } from "./password.server";
export { allowAnonymousWrite, clientAddress, requireAnonymousWrite } from "./rate-limit.server";
export { deleteExpiredSessions, destroySession, isAnonymousRequest, isSecureRequest, sessionCookie, sessionSubject } from "./sessions.server";
export type { SessionKind } from "./sessions.server";
export { deleteExpiredRefreshTokens } from "./tokens.server";
export { confirmCurrentPassword, passwordChangeRefusal, signUpCustomer, startSignedInSession } from "./sign-in.server";
export { INVALID_CREDENTIALS } from "./authenticator.server";
export { acceptInvitation, invitationFor, inviteCreator, type InvitationView } from "./creator-invitations.server";
