import { fuzzTargets, signInFuzzAccounts } from "./targets";

signInFuzzAccounts();
fuzzTargets(24, 26);
