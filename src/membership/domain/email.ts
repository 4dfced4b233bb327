/** The address check lives in common/ since newsletter senders and the client use it too. */
export { emailFehler } from '../../../common/email';
