import { fuzzTargets, signInFuzzAccounts } from "./targets";

signInFuzzAccounts();
fuzzTargets(15, 22);
