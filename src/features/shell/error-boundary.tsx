"use client";

import { Component, type ErrorInfo, type ReactNode } from "react";
import { reportError } from "@/domain/report";

interface Props {
  /** What to show instead of the broken part; null shows nothing (for decorative islands). */
  fallback: ReactNode;
  children: ReactNode;
  name?: string;
}

/** Keeps a failing island from taking the page down, and reports why it failed. */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    reportError(error, { boundary: this.props.name ?? "island", componentStack: info.componentStack ?? undefined });
  }

  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
