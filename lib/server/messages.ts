import 'server-only';

/**
 * Messages the portal's own handlers answer with. The spec's messages are quoted exactly; every answer also
 * carries its `code`, so a page can show the message in the user's language.
 */
export const SERVER_MESSAGES = {
  wrongCredentials: 'Wrong Email or Password',
  wrongOtp: 'Wrong OTP',
  passwordMismatch: "Password doesn't match. Please try again.",
  notAuthorized: 'You are not authorized',
  notSignedIn: 'You are not signed in.',
  sessionEnded: 'Your session has ended. Please sign in again.',
  upstreamUnreachable: 'The Platform API cannot be reached. Try again in a moment.',
  upstreamTimeout: 'The Platform API took too long to answer.',
  upstreamMalformed: 'The Platform API gave an answer the portal cannot read.',
  crossSite: 'This request must come from the portal itself.',
  unsupportedMediaType: 'Only JSON request bodies are accepted.',
  payloadTooLarge: 'The request body is larger than 1 MB.',
  invalidJson: 'The request body is not valid JSON.',
  invalidInput: 'Some fields are missing or not valid.',
  required: 'This field is required.',
  notFound: 'NOT_FOUND_DATA',
  methodNotAllowed: 'This method is not allowed here.',
  tooManyStreams: 'Too many live streams are open for this session.',
  tooManyRequests: 'Too many attempts. Please wait a few minutes and try again.',
} as const;

export type ServerMessageCode = keyof typeof SERVER_MESSAGES;
