import { fuzzTargets, signInFuzzAccounts } from "./targets";

signInFuzzAccounts();
fuzzTargets(26, 28);
