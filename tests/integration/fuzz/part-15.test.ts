import { fuzzTargets, signInFuzzAccounts } from "./targets";

signInFuzzAccounts();
fuzzTargets(28, 29);
