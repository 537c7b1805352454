export interface Plan {
  id: string;
  name: string;
  description: string;
  price_usd: number;
  monthly_credits: number;
  one_time_credits: number;
  is_one_time: boolean;
  system_only: boolean;
  is_active: boolean;
  example_usages: string[];
}
