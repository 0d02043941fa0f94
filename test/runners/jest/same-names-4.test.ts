// The same tests in a file of their own, which Jest runs in another worker at the same time.
import "./same-names.test.js";
