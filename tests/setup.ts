// DOM matchers for the component tests that opt into jsdom with `// @vitest-environment jsdom`.
import "@testing-library/jest-dom/vitest";
