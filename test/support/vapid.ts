/**
 * The e2e Workers' VAPID pair (made once with `npm run vapid`; a test key, never deployed). The private
 * key is the e2e's canary for alerts: it must appear in no page and no asset (decision 0043).
 */
export const TEST_VAPID_PUBLIC_KEY =
  "BACrH49FQRTyK_0qAt_vm3dzzlfccobgtw5jBE7yHhS3sH4NTc6u0VUL5bVVE7khdqIRttOOaTCP2sRGZLb-fLA";
export const TEST_VAPID_PRIVATE_KEY = "A0EsxqYNLc-ytwZ0FdEJbwf8DYbJsPXCtmxyjxYwH70";
