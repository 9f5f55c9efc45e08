/** TO BE WRITTEN by the helper that owns this file. */
export default function OrderReportPage() {
  return null;
}
