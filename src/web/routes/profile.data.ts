// "Download my data" on the profile (ADR 0029): the signed-in shopper's own data as a JSON file.
export { loader } from './profile.data.server.ts';
