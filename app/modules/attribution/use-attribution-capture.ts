import { useEffect } from "react";
import { useLocation } from "react-router";
import { refreshAffiliate } from "~/modules/affiliates/affiliate.client";
import { captureTrackingParams } from "./tracking.client";

/**
 * Keeps the landing's tracking parameters and the referral code in the browser
 * (docs/REQUIREMENTS.md R3.2, R4.1), on every page load and client-side navigation, and
 * refreshes the code's expiry when the tab becomes visible again.
 */
export function useAttributionCapture(): void {
  const { search } = useLocation();
  useEffect(() => {
    captureTrackingParams();
    refreshAffiliate();
  }, [search]);
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === "visible") refreshAffiliate();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, []);
}
