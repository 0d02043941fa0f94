// The same tests in a file of their own, which node --test runs in another process at the same time.
import "./same-names.test.js";
