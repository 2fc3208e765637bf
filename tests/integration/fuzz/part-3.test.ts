import { fuzzTargets, signInFuzzAccounts } from "./targets";

signInFuzzAccounts();
fuzzTargets(22, 30);
