// "Download my data" on the profile (issue 18 §5): the signed-in shopper's own data as a JSON file.
export { loader } from './profile.data.server.ts';
