// The admin screens' dates now live in ~/ui/format (domain components use them too).
export { formatDate, formatDateTime } from "~/ui/format";
